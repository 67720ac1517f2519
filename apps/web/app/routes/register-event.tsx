import { parseWithZod } from '@conform-to/zod/v4';
import type { EventSummary } from '@parkside/api';
import { eventCreateInput, eventEditFields, eventUpdateInput } from '@parkside/validators';
import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { missedQuietly, tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { countryOptions, timeZoneOptions } from '~/.server/event-options';
import { refuseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { EventForm, type EventFormValues } from '~/components/events/event-form';
import { PageHeader } from '~/components/layout/page-header';
import { PageBody } from '~/components/layout/page-body';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.event ? 'Edit event' : 'Register an event'} · Parkside` },
];

const EMPTY: EventFormValues = {
  title: '',
  description: '',
  venueName: '',
  street: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  latitude: '',
  longitude: '',
  timeZone: '',
  startLocal: '',
  endLocal: '',
  expectedAttendance: '',
  websiteUrl: '',
  imageUrl: '',
};

function formValues(event: EventSummary): EventFormValues {
  const fields = eventEditFields(event);
  return {
    ...fields,
    latitude: String(fields.latitude),
    longitude: String(fields.longitude),
    expectedAttendance: String(fields.expectedAttendance),
  };
}

/** `/register-event` registers a new event; `/register-event?event=ID` edits one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request, 'register an event');
  const options = {
    userId: user.id,
    timeZones: timeZoneOptions(),
    countries: countryOptions(),
    geocoder: await context.api.geocode.capabilities(),
  };
  const id = new URL(request.url).searchParams.get('event');
  if (!id) return { event: null, defaults: EMPTY, ...options };
  const found = await tryApi(() => context.api.event.forEdit({ id }));
  if (!found.ok) {
    // Someone else's event, or a malformed id: not found. The creator's cancelled one: why not.
    if (found.status === 409) {
      throw redirectWithToast('/registered-events', { type: 'error', title: found.error });
    }
    throw data({ reason: 'not-found', message: 'Event not found.' }, { status: 404 });
  }
  return { event: found.value, defaults: formValues(found.value), ...options };
}

const saved = (editing: boolean, title: string, imageMissed: boolean) =>
  redirectWithToast('/registered-events', {
    type: 'success',
    title: editing ? 'Your changes are saved.' : 'Your event is registered.',
    description: [
      editing ? title : `${title} is now listed on Upcoming events.`,
      imageMissed ? 'The image could not be added; please upload it again from Edit.' : '',
    ]
      .filter(Boolean)
      .join(' '),
  });

/**
 * Sets the image uploaded with the form once the event is saved. A refused image (an expired
 * or foreign upload) never costs the organiser the event: it answers whether it was left out.
 */
async function attachImage(
  context: ActionFunctionArgs['context'],
  eventId: string,
  url: string | null,
): Promise<boolean> {
  if (!url) return false;
  return missedQuietly('Setting an event image', () =>
    context.api.storage.setEventImage({ eventId, url }),
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const formData = await request.formData();
  // The new upload is set through the storage API, which checks it; the event's own schema is strict.
  const uploaded = String(formData.get('uploadedImage') ?? '').trim() || null;
  formData.delete('uploadedImage');
  if (formData.has('id')) {
    const submission = parseWithZod(formData, { schema: eventUpdateInput });
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    try {
      const event = await context.api.event.update(submission.value);
      return saved(true, event.title, await attachImage(context, event.id, uploaded));
    } catch (error) {
      return refuseForm(submission.reply, error);
    }
  }
  const submission = parseWithZod(formData, { schema: eventCreateInput });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  try {
    const event = await context.api.event.create(submission.value);
    return saved(false, event.title, await attachImage(context, event.id, uploaded));
  } catch (error) {
    return refuseForm(submission.reply, error);
  }
}

export default function RegisterEventPage() {
  const { userId, event, defaults, timeZones, countries, geocoder } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <PageBody width="3xl">
      <PageHeader
        back={{ to: '/registered-events', label: 'Registered events' }}
        title={event ? 'Edit event' : 'Register an event'}
        className="mb-6"
      >
        {event
          ? `Changes show on ${event.title}'s page right away.`
          : 'Add a game, concert or festival so drivers can find parking near it and hosts can offer their driveways.'}
      </PageHeader>
      <EventForm
        key={event?.id ?? 'new'}
        userId={userId}
        eventId={event?.id}
        defaults={defaults}
        timeZones={timeZones}
        countries={countries}
        geocoder={geocoder}
        lastResult={lastResult}
      />
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
