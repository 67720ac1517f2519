import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  bookingCreateInput,
  dueOnArrivalText,
  formatUsd,
  PAYMENT_HOLD_MINUTES,
} from '@parkside/validators';
import { data, redirect } from '@remix-run/node';
import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { randomUUID } from 'node:crypto';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { refuseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { Field, FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';
import { RefundRule } from '~/components/rent/refund-rule';
import { formatEventDate, formatEventTime, formatWindowEnd } from '~/utils/event-time';
import { BackLink } from '~/components/ui/back-link';
import { SummaryRows } from '~/components/ui/fact';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction = () => [{ title: 'Confirm your booking · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const listingId = new URL(request.url).searchParams.get('listing');
  requireVerifiedUser(context, request, await whatIsBooked(context, listingId));
  if (!listingId) throw redirect('/events');
  const result = await tryApi(() => context.api.booking.preview({ listingId }));
  // Not bookable (full, closed, gone): the driveway's page says why, or that it is not listed.
  if (!result.ok) throw redirect(`/rent/${encodeURIComponent(listingId)}`);
  // One key per visit of this page: pressing Confirm twice books once.
  return { listing: result.value, idempotencyKey: randomUUID() };
}

/** "book Oak Lane driveway for BYU vs. Utah", for a signed-in person who must verify first. */
async function whatIsBooked(context: AppLoadContext, listingId: string | null) {
  if (!context.session || context.session.user.emailVerified || !listingId) return undefined;
  const page = await tryApi(() => context.api.listing.drivewayPage({ listingId }));
  return page.ok
    ? `book ${page.value.driveway.title} for ${page.value.event.title}`
    : 'book parking';
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const submission = parseWithZod(await request.formData(), { schema: bookingCreateInput });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  try {
    const booking = await context.api.booking.create(submission.value);
    // Paying online: the space is held; the driver goes to the payment page, then comes back.
    if (booking.status === 'pending_payment' && booking.checkoutUrl) {
      return redirect(booking.checkoutUrl);
    }
    return redirectWithToast(`/booking-success?booking=${booking.id}`, {
      type: 'success',
      title: 'Your space is booked!',
    });
  } catch (error) {
    return refuseForm(submission.reply, error);
  }
}

export default function BookingConfirmation() {
  const { listing, idempotencyKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(bookingCreateInput, {
    id: 'booking',
    lastResult,
    validateOn: 'submit',
  });
  const when = `${formatEventDate(listing.startsAt, listing.timeZone)}, ${formatEventTime(listing.availableFrom, listing.timeZone)} to ${formatWindowEnd(listing.availableFrom, listing.availableTo, listing.timeZone)}`;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <BackLink to={`/rent/${listing.id}`}>Back to the driveway</BackLink>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Confirm your booking</h1>
      <dl className="mt-6 grid gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <SummaryRows
          rows={[
            ['Event', `${listing.eventTitle} at ${listing.venueName}`],
            [
              'Driveway',
              `${listing.drivewayTitle}, ${listing.street}, ${listing.city}${
                listing.ratingCount > 0 && listing.ratingAverage
                  ? ` · ★ ${listing.ratingAverage.toFixed(1)} (${listing.ratingCount} ${listing.ratingCount === 1 ? 'review' : 'reviews'})`
                  : ''
              }`,
            ],
            ['Park', when],
            [
              'Payment',
              listing.payOnline
                ? `Pay by card now. Your space is held for ${PAYMENT_HOLD_MINUTES} minutes while you pay.`
                : listing.onlinePayments
                  ? `${dueOnArrivalText(listing.priceCents)}: this host does not take card payments yet.`
                  : dueOnArrivalText(listing.priceCents),
            ],
          ]}
        />
        <div className="mt-2 flex items-center justify-between border-t border-slate-200 pt-3">
          <dt className="font-bold">Total</dt>
          <dd className="text-2xl font-extrabold">{formatUsd(listing.priceCents)}</dd>
        </div>
      </dl>
      <RefundRule
        rule={listing.refund}
        priceCents={listing.priceCents}
        payOnline={listing.payOnline}
        timeZone={listing.timeZone}
        className="mt-4"
      />
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-4">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="listingId" value={listing.id} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Field
          label="License plate"
          hint={
            listing.licensePlateRequired
              ? 'The host checks it on arrival.'
              : 'Optional for this driveway.'
          }
          errors={fields.licensePlate.errors}
          inputProps={{
            ...getInputProps(fields.licensePlate, { type: 'text' }),
            autoComplete: 'off',
            maxLength: 12,
            required: listing.licensePlateRequired,
          }}
        />
        <Field
          label="Vehicle"
          hint="Color, make, model: e.g. Blue Subaru Outback."
          errors={fields.vehicleDescription.errors}
          inputProps={{
            ...getInputProps(fields.vehicleDescription, { type: 'text' }),
            maxLength: 100,
            required: listing.licensePlateRequired,
          }}
        />
        <SubmitButton
          pendingText={listing.payOnline ? 'Holding your space…' : 'Booking…'}
          className="w-full"
        >
          {listing.payOnline
            ? `Confirm and pay ${formatUsd(listing.priceCents)}`
            : `Confirm booking · ${formatUsd(listing.priceCents)}`}
        </SubmitButton>
        {listing.payOnline ? (
          <p className="text-center text-sm text-slate-600">
            Payment is handled by Stripe. You are only charged once your space is held.
          </p>
        ) : null}
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
