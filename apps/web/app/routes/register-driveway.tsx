import { parseWithZod } from '@conform-to/zod/v4';
import { fromZonedInput, registerDrivewayFormInput } from '@parkside/validators';
import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { missedQuietly, tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { refuseForm } from '~/.server/forms';
import { upcomingEventChoices } from '~/.server/host';
import { redirectWithToast } from '~/.server/toast';
import { RegisterDrivewayForm } from '~/components/host/register-driveway-form';
import { EmptyState } from '~/components/ui/empty-state';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';
import { hostMoneyTerms } from '~/.server/money-terms';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction = () => [{ title: 'List your driveway · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request, 'list your driveway');
  const [events, payouts, geocoder] = await Promise.all([
    upcomingEventChoices(context),
    context.api.payout.status(),
    context.api.geocode.capabilities(),
  ]);
  return {
    userId: user.id,
    events,
    preselectedEventId: new URL(request.url).searchParams.get('event'),
    // This host's drivers pay by card once their payouts are active; before that, on arrival.
    terms: hostMoneyTerms(context, payouts),
    geocoder,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const submission = parseWithZod(await request.formData(), { schema: registerDrivewayFormInput });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const {
    eventId,
    price,
    spacesOffered,
    availableFrom,
    availableTo,
    licensePlateRequired,
    photos,
    also,
    ...place
  } = submission.value;
  const event = await tryApi(() => context.api.event.byId({ id: eventId }));
  if (!event.ok) {
    return data(submission.reply({ fieldErrors: { eventId: ['Choose an upcoming event.'] } }), {
      status: 400,
    });
  }
  // The window was typed in the event's own time zone.
  const from = availableFrom ? fromZonedInput(availableFrom, event.value.timeZone) : undefined;
  const to = availableTo ? fromZonedInput(availableTo, event.value.timeZone) : undefined;
  if (from === null || to === null) {
    return data(
      submission.reply({ formErrors: ['Enter the parking window as dates and times.'] }),
      {
        status: 400,
      },
    );
  }
  try {
    const { drivewayId, listingId, alsoListed } = await context.api.listing.createWithDriveway({
      ...place,
      alsoFor: also.map(({ eventId, price }) => ({
        eventId,
        ...(price === undefined ? {} : { priceCents: price }),
      })),
      listing: {
        eventId,
        priceCents: price,
        spacesOffered,
        licensePlateRequired,
        ...(from ? { availableFrom: from } : {}),
        ...(to ? { availableTo: to } : {}),
      },
    });
    const missed = await attachPhotos(context, drivewayId, photos);
    // Read after the photos: a listing that waited only for a photo is live now.
    const { status } = await context.api.listing.mineById({ listingId });
    return redirectWithToast(`/listing-success?listing=${listingId}`, {
      type: 'success',
      title: `${
        status === 'in_review' ? 'Your driveway is saved and in review' : 'Your driveway is listed'
      }${alsoListed > 0 ? ` for ${alsoListed + 1} events` : ''}${status === 'in_review' ? '.' : '!'}`,
      ...(missed
        ? {
            description: `${missed === 1 ? 'One photo' : `${missed} photos`} could not be added. Add ${missed === 1 ? 'it' : 'them'} again from My Listings.`,
          }
        : {}),
    });
  } catch (error) {
    return refuseForm(submission.reply, error);
  }
}

/**
 * Attaches the photos uploaded with the form, one by one, once the driveway exists. A photo
 * that is refused (an expired or foreign upload) never costs the host the listing just saved:
 * it answers how many photos were left out.
 */
async function attachPhotos(
  context: ActionFunctionArgs['context'],
  drivewayId: string,
  photos: string[],
): Promise<number> {
  let missed = 0;
  for (const url of photos) {
    const call = () => context.api.storage.attachDrivewayPhoto({ drivewayId, url });
    if (await missedQuietly('Attaching a driveway photo', call)) missed += 1;
  }
  return missed;
}

export default function RegisterDriveway() {
  const { userId, events, preselectedEventId, terms, geocoder } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <PageBody width="3xl">
      <h1 className="text-3xl font-extrabold tracking-tight">List your driveway</h1>
      <p className="mt-2 text-slate-700">
        Describe your driveway once, then offer its spaces for an event. You can list it for more
        events later from My Listings.
      </p>
      {events.length === 0 ? (
        <EmptyState
          title="There are no upcoming events to list for yet."
          className="mt-8"
          action={<ButtonLink to="/register-event">Register an event</ButtonLink>}
        >
          Add the event your neighbourhood parks for.
        </EmptyState>
      ) : (
        <RegisterDrivewayForm
          userId={userId}
          events={events}
          preselectedEventId={preselectedEventId}
          terms={terms}
          geocoder={geocoder}
          lastResult={lastResult}
        />
      )}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
