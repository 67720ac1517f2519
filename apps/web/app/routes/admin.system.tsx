import { useLoaderData } from '@remix-run/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { adminAction, requireAdmin } from '~/.server/auth';
import { stuckMailOf } from '~/.server/stuck-mail';
import { redirectAfter } from '~/.server/toast';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { FailedJobsSection, QueueSection, ServersSection } from '~/components/admin/system-parts';
import { ReplicasSection } from '~/components/admin/replica-parts';
import { Section } from '~/components/ui/section';
import { PageBody } from '~/components/layout/page-body';

export const meta: MetaFunction = () => [{ title: 'System · Admin · Parkside' }];

/** The system's figures, and the e-mails that wait because no mail server is set. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const system = await context.api.admin.system();
  return {
    ...system,
    stuckMail: stuckMailOf(context, system.queue),
    replicas: context.replicas,
  };
}

/** Retry or discard a failed job (audit-logged by the API). */
export const action = adminAction((api, form) => {
  const id = Number(form.get('id'));
  const retry = form.get('intent') === 'retry';
  return redirectAfter('/admin/system', async () => {
    const job = retry ? await api.admin.retryJob({ id }) : await api.admin.discardJob({ id });
    return {
      type: 'success',
      title: retry ? `Job #${job.id} runs again.` : `Job #${job.id} discarded.`,
    };
  });
});

export default function AdminSystem() {
  const { servers, queue, failed, migrations, stuckMail, replicas } =
    useLoaderData<typeof loader>();
  return (
    <PageBody width="5xl">
      <AdminPageHeader title="System">
        The servers running, the background jobs and the database’s migrations.
      </AdminPageHeader>
      <div className="mt-8 flex flex-col gap-6">
        <ServersSection servers={servers} />
        <FailedJobsSection failed={failed} />
        <QueueSection queue={queue} stuckMail={stuckMail} />
        <Section title="Database">
          <p className="text-sm text-slate-700">
            {migrations.applied} migrations applied; the latest is{' '}
            <span className="font-mono">{migrations.latest ?? 'none'}</span>.
            {migrations.pending.length > 0
              ? ` Not applied yet: ${migrations.pending.join(', ')}.`
              : ' Nothing waits to be applied.'}
          </p>
        </Section>
        <ReplicasSection replicas={replicas} />
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
