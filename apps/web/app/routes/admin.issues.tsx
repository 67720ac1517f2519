import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { adminLoader, adminAction } from '~/.server/auth';
import { redirectAfter } from '~/.server/toast';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { ParkingReportCard } from '~/components/admin/parking-report-card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageBody } from '~/components/layout/page-body';
import { CardStack } from '~/components/ui/card-stack';

export const meta: MetaFunction = () => [{ title: 'Issues · Admin · Parkside' }];

export const loader = adminLoader(async (api) => ({ reports: await api.admin.parkingReports() }));

/** Reverses a report with a reason: it stops counting against the host (audited). */
export const action = adminAction((api, form) =>
  redirectAfter('/admin/issues', async () => {
    await api.admin.reverseParkingReport({
      reportId: String(form.get('reportId') ?? ''),
      reason: String(form.get('reason') ?? ''),
    });
    return { type: 'success', title: 'Reversed. The report no longer counts against the host.' };
  }),
);

export default function AdminIssues() {
  const { reports } = useLoaderData<typeof loader>();
  const flagged = new Set(reports.filter((r) => r.hostFlagged).map((r) => r.hostEmail)).size;
  return (
    <PageBody width="5xl">
      <AdminPageHeader title="Issues">
        Drivers who could not park where they booked, newest first: what they found, their photo,
        what they chose and what the host answered. Two standing reports in 90 days flag a host:
        their new listings wait for review.
      </AdminPageHeader>
      {reports.length === 0 ? (
        <EmptyState title="No reports yet." className="mt-8">
          When a driver reports that they cannot park, it appears here.
        </EmptyState>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-700">
            {reports.length === 1 ? '1 report' : `${reports.length} reports`}
            {flagged > 0
              ? ` · ${flagged === 1 ? '1 host' : `${flagged} hosts`} flagged for review`
              : ''}
          </p>
          <CardStack items={reports} keyOf={(r) => r.id} className="mt-4" spacious>
            {(report) => <ParkingReportCard report={report} />}
          </CardStack>
        </>
      )}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
