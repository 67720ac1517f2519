import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { requireAdmin } from '~/.server/auth';
import { StorageHistory } from '~/components/admin/storage-history';
import { formatBytes } from '~/utils/bytes';
import { AdminPageHeader } from '~/components/admin/admin-page-header';

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

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const th = 'py-2 pr-3 text-left font-semibold text-slate-600';
const td = 'py-2 pr-3 align-top';

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

      <Panel id="areas" title="By area">
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
      </Panel>

      <Panel id="history" title="Uploads in the last 30 days">
        <StorageHistory history={metrics.history} />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="quota" title="Quota use">
          {metrics.quota.users.length === 0 ? (
            <p className="text-sm text-slate-600">Nobody has uploaded anything yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      User
                    </th>
                    <th scope="col" className={th}>
                      Used
                    </th>
                    <th scope="col" className={th}>
                      Of quota
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {metrics.quota.users.map((u) => (
                    <tr key={u.userId}>
                      <td className={`${td} max-w-48 truncate`} title={u.email}>
                        {u.name}
                        <span className="block truncate text-xs text-slate-500">{u.email}</span>
                      </td>
                      <td className={td}>{formatBytes(u.bytes)}</td>
                      <td className={td}>{Math.round(u.share * 100)} %</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>

        <Panel id="largest" title="Largest files">
          {metrics.largest.length === 0 ? (
            <p className="text-sm text-slate-600">No files yet.</p>
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
        </Panel>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
