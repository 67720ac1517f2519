import type { ApiCaller } from '@parkside/api';
import { Form, useNavigation } from '@remix-run/react';
import { EmptyNote } from '~/components/ui/empty-state';
import { Section } from '~/components/ui/section';
import { Table, TableBody, TableHead, Td, Th } from '~/components/ui/table';
import { buttonClasses } from '~/components/ui/button';
import { utcSecond } from '~/utils/utc-time';

type System = Awaited<ReturnType<ApiCaller['admin']['system']>>;

const at = (iso: string | null) => (iso ? utcSecond.format(new Date(iso)) : '—');

/** The servers that beat into the database in the last minute. */
export function ServersSection({ servers }: { servers: System['servers'] }) {
  return (
    <Section
      title={`Servers (${servers.length})`}
      description="Seen in the last minute. Times in UTC."
    >
      {servers.length === 0 ? (
        <EmptyNote>No server has reported in the last minute.</EmptyNote>
      ) : (
        <Table label="Servers" minWidth="36rem">
          <TableHead>
            <Th>Server</Th>
            <Th>Version</Th>
            <Th>Started</Th>
            <Th>Last seen</Th>
          </TableHead>
          <TableBody>
            {servers.map((server) => (
              <tr key={server.id}>
                <Td mono>{server.id}</Td>
                <Td>{server.version}</Td>
                <Td>{at(server.startedAt)}</Td>
                <Td>{at(server.seenAt)}</Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/**
 * Jobs by task: due now, waiting for later, failed, done in the last hour. What "Later" holds is
 * said under the table; `stuckMail` (the mail task's waiting jobs, on a site with no mail server)
 * says why e-mail waits.
 */
export function QueueSection({
  queue,
  stuckMail,
}: {
  queue: System['queue'];
  stuckMail: { task: string; waiting: number } | null;
}) {
  return (
    <Section title="Job queue" description="Shared by every server.">
      {stuckMail ? (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          No mail server is set (<code className="font-mono">SMTP_URL</code>), so{' '}
          {stuckMail.waiting === 1 ? '1 e-mail waits' : `${stuckMail.waiting} e-mails wait`} in{' '}
          <code className="font-mono">{stuckMail.task}</code>: each is tried again later and fails
          after its last attempt. Once a mail server is set and the servers restart, the waiting
          ones leave at their next try; failed ones can be retried below.
        </p>
      ) : null}
      {queue.length === 0 ? (
        <EmptyNote>No jobs in the last hour.</EmptyNote>
      ) : (
        <>
          <Table label="Jobs by task" minWidth="32rem">
            <TableHead>
              <Th>Task</Th>
              <Th numeric>Due now</Th>
              <Th numeric>Later</Th>
              <Th numeric>Failed</Th>
              <Th numeric>Done (1 h)</Th>
            </TableHead>
            <TableBody>
              {queue.map((row) => (
                <tr key={row.task}>
                  <Td mono>{row.task}</Td>
                  <Td numeric>{row.due}</Td>
                  <Td numeric>{row.later}</Td>
                  <Td numeric>{row.failed}</Td>
                  <Td numeric>{row.doneLastHour}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
          <dl className="mt-3 grid gap-x-3 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-700">Due now</dt>
            <dd>Waiting for a server to take them; normally gone within seconds.</dd>
            <dt className="font-semibold text-slate-700">Later</dt>
            <dd>
              Set for a time to come: a reminder before its event, or another try after a failed
              attempt (each try waits longer than the last).
            </dd>
            <dt className="font-semibold text-slate-700">Failed</dt>
            <dd>Out of attempts; listed above with their last error.</dd>
          </dl>
        </>
      )}
    </Section>
  );
}

/** Failed jobs, each with its last error, to retry or discard. */
export function FailedJobsSection({ failed }: { failed: System['failed'] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' ? String(navigation.formData?.get('id') ?? '') : '';
  return (
    <Section
      title={`Failed jobs (${failed.length})`}
      description="Out of attempts. Retry once the cause is fixed, or discard. Both are audit-logged."
    >
      {failed.length === 0 ? (
        <EmptyNote>No failed jobs.</EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-100">
          {failed.map((job) => (
            <li
              key={job.id}
              aria-label={`Job ${job.id}, ${job.task}`}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="text-ink font-mono text-sm font-semibold">
                  #{job.id} {job.task}
                </p>
                <p className="text-sm text-slate-600">
                  {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'} · failed{' '}
                  {at(job.finishedAt)}
                </p>
                {job.lastError ? (
                  <p className="mt-1 text-sm break-words text-red-800">{job.lastError}</p>
                ) : null}
              </div>
              <Form method="post" className="flex shrink-0 gap-2">
                <input type="hidden" name="id" value={job.id} />
                <JobAction intent="retry" busy={busy === String(job.id)} />
                <JobAction intent="discard" busy={busy === String(job.id)} />
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Retry (outlined) or Discard (red) for one failed job; both off while its form is sent. */
function JobAction({ intent, busy }: { intent: 'retry' | 'discard'; busy: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      className={buttonClasses({ variant: intent === 'retry' ? 'outline' : 'danger', size: 'sm' })}
    >
      {intent === 'retry' ? 'Retry' : 'Discard'}
    </button>
  );
}
