import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { formatUsd, parkingReportFormInput } from '@parkside/validators';
import { requireApi, tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { redirectWithToast } from '~/.server/toast';
import { ParkingReportForm } from '~/components/bookings/parking-report-form';
import { ParkingReportOutcome } from '~/components/bookings/parking-report-outcome';
import { privatePageHeaders } from '~/utils/private-page';

export const meta: MetaFunction = () => [{ title: "I can't park here · Parkside" }];

export const headers = privatePageHeaders;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request);
  const options = await requireApi(() =>
    context.api.parkingReport.options({ bookingId: params.bookingId ?? '' }),
  );
  return { options, userId: user.id };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = Object.fromEntries(await request.formData());
  const parsed = parkingReportFormInput.safeParse({ ...form, bookingId: params.bookingId });
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? 'Check the form.' }, { status: 400 });
  }
  const result = await tryApi(() => context.api.parkingReport.create(parsed.data));
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const report = result.value;
  if (report.outcome === 'rebooked' && report.newBookingId) {
    return redirectWithToast(`/bookings/${report.newBookingId}/pass`, {
      type: 'success',
      title: 'You have a new space nearby.',
      description: 'At no extra cost. Show this pass at the new driveway.',
    });
  }
  return redirectWithToast(
    `/bookings/${params.bookingId}/report`,
    report.refundCents > 0
      ? {
          type: 'success',
          title: 'Your booking is cancelled and refunded in full.',
          description: `${formatUsd(report.refundCents)} goes back to your card.`,
        }
      : {
          type: 'success',
          title: 'Your booking is cancelled.',
          description: 'Nothing was charged, so you pay nothing.',
        },
  );
}

export default function ReportProblem() {
  const { options, userId } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <div className="mx-auto w-full max-w-xl px-4 pt-6 pb-24">
      <h1 className="text-ink text-2xl font-extrabold sm:text-3xl">I can&apos;t park here</h1>
      <p className="mt-1 text-slate-700">
        {options.drivewayTitle} · {options.eventTitle}
      </p>
      {options.report ? (
        <ParkingReportOutcome report={options.report} />
      ) : (
        <ParkingReportForm
          options={options}
          userId={userId}
          error={failed && 'error' in failed ? failed.error : null}
        />
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
