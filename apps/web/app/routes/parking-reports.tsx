import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { parkingReportReplyInput, parkingReportsIntro } from '@parkside/validators';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { redirectWithToast } from '~/.server/toast';
import { HostReportCard } from '~/components/host/host-report-card';
import { EmptyState } from '~/components/ui/empty-state';
import { BackLink } from '~/components/ui/back-link';
import { privatePageHeaders } from '~/utils/private-page';
import { PageBody } from '~/components/layout/page-body';
import { CardStack } from '~/components/ui/card-stack';
import { hostMoneyTerms } from '~/.server/money-terms';

export const meta: MetaFunction = () => [{ title: 'Parking reports · Parkside' }];

export const headers = privatePageHeaders;

/** Reports drivers made about the host's driveways ("I can't park here"), and the host's answers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const [reports, payouts] = await Promise.all([
    context.api.parkingReport.forHost(),
    context.api.payout.status(),
  ]);
  // A report's outcome is told in this host's payment mode (decision 055).
  return {
    reports,
    terms: hostMoneyTerms(context, payouts),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = Object.fromEntries(await request.formData());
  const reportId = String(form.reportId ?? '');
  const parsed = parkingReportReplyInput.safeParse({ reportId, reply: form.reply });
  if (!parsed.success) {
    return data(
      { reportId, error: parsed.error.issues[0]?.message ?? 'Check your answer.' },
      { status: 400 },
    );
  }
  const result = await tryApi(() => context.api.parkingReport.reply(parsed.data));
  if (!result.ok) return data({ reportId, error: result.error }, { status: result.status });
  return redirectWithToast('/parking-reports', {
    type: 'success',
    title: 'Your answer is sent.',
    description: 'The Parkside team reads it with the report.',
  });
}

export default function ParkingReports() {
  const { reports, terms } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <PageBody width="3xl">
      <BackLink to="/my-listings">My Listings</BackLink>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Parking reports</h1>
      <p className="mt-2 text-slate-700">{parkingReportsIntro(terms)}</p>
      {reports.length === 0 ? (
        <EmptyState title="No reports" className="mt-6">
          Every driver so far could park where they booked.
        </EmptyState>
      ) : (
        <CardStack items={reports} keyOf={(r) => r.id} className="mt-6">
          {(report) => (
            <HostReportCard
              report={report}
              error={failed?.reportId === report.id ? failed.error : null}
            />
          )}
        </CardStack>
      )}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
