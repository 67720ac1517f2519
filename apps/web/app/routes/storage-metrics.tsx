import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { StorageHistory } from '~/components/admin/storage-history';
import { formatBytes } from '~/utils/bytes';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { EmptyNote } from '~/components/ui/empty-state';
import { Section } from '~/components/ui/section';
import { Table, TableBody, TableHead, Td, Th } from '~/components/ui/table';

export const meta: MetaFunction = () => [{ title: 'Storage metrics · Admin · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return { metrics: await context.api.storage.metrics() };
}

const AREA_LABELS = {
  users: 'Profile images',
  driveways: 'Driveway photos',
  events: 'Event images',
  other: 'Other',
} as const;

export default function StorageMetricsPage() {
  const { metrics } = useLoaderData<typeof loader>();
  const totalBytes = Math.max(1, metrics.totals.bytes);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader title="Storage metrics">
        {metrics.totals.objects} {metrics.totals.objects === 1 ? 'file' : 'files'},{' '}
        {formatBytes(metrics.totals.bytes)} in all, held on{' '}
        {metrics.backend === 'uploadthing' ? 'UploadThing' : 'the local disk'}. Each user may store{' '}
        {formatBytes(metrics.quota.perUserBytes)}.
      </AdminPageHeader>

      <Section title="By area">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {metrics.areas.map((a) => (
            <li key={a.area} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <p className="text-sm font-semibold text-slate-600">{AREA_LABELS[a.area]}</p>
              <p className="text-ink mt-1 text-2xl font-extrabold">{formatBytes(a.bytes)}</p>
              <p className="text-sm text-slate-600">
                {a.objects} {a.objects === 1 ? 'file' : 'files'}
              </p>
              <div className="mt-2 h-1.5 rounded-full bg-slate-200" aria-hidden="true">
                <div
                  className="bg-brand-600 h-full rounded-full"
                  style={{ width: `${(a.bytes / totalBytes) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Uploads in the last 30 days">
        <StorageHistory history={metrics.history} />
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Quota use">
          {metrics.quota.users.length === 0 ? (
            <EmptyNote>Nobody has uploaded anything yet.</EmptyNote>
          ) : (
            <Table minWidth="0">
              <TableHead>
                <Th>User</Th>
                <Th>Used</Th>
                <Th>Of quota</Th>
              </TableHead>
              <TableBody>
                {metrics.quota.users.map((u) => (
                  <tr key={u.userId}>
                    <td className="max-w-48 truncate py-2 pr-3 align-top" title={u.email}>
                      {u.name}
                      <span className="block truncate text-xs text-slate-500">{u.email}</span>
                    </td>
                    <Td>{formatBytes(u.bytes)}</Td>
                    <Td>{Math.round(u.share * 100)} %</Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>

        <Section title="Largest files">
          {metrics.largest.length === 0 ? (
            <EmptyNote>No files yet.</EmptyNote>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100 text-sm">
              {metrics.largest.map((f) => (
                <li key={f.fullPath} className="flex justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate font-mono text-xs" title={f.fullPath}>
                      {f.fullPath}
                    </span>
                    <span className="text-xs text-slate-500">
                      {AREA_LABELS[f.area]} · {f.ownerName ?? 'Deleted user'}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold">{formatBytes(f.size)}</span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
