import { Form } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/submit-button';

/**
 * Shown when an event has no free space: joins the wait-list with the account's own address.
 * Visitors are sent to sign in and come back here.
 */
export function NotifyMe({
  waiting,
  hasListings,
  eventId,
}: {
  waiting: boolean;
  hasListings: boolean;
  /** The event, when the page's address does not name it (a driveway's page). */
  eventId?: string;
}) {
  return (
    <section
      aria-labelledby="notify-heading"
      className="flex flex-col gap-3 rounded-2xl bg-amber-50 px-5 py-4 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h3 id="notify-heading" className="font-bold text-amber-950">
          {hasListings ? 'Every driveway for this event is booked.' : 'No spaces to book yet.'}
        </h3>
        <p className="text-amber-900">
          {waiting
            ? 'You are on the wait-list: we will e-mail you as soon as a space opens up.'
            : 'Spaces open up when drivers cancel or hosts add more. We can e-mail you when that happens.'}
        </p>
      </div>
      {waiting ? (
        <p role="status" className="font-semibold text-amber-950">
          ✓ On the wait-list
        </p>
      ) : (
        <Form method="post" replace preventScrollReset>
          {eventId ? <input type="hidden" name="eventId" value={eventId} /> : null}
          <SubmitButton
            name="intent"
            value="notify"
            pendingText="Adding you…"
            className="w-full sm:w-auto"
          >
            Notify me
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
