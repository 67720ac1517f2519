import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { loadLandingEvent } from '~/.server/landing';
import { EventLanding, type EventLandingCopy } from '~/components/marketing/event-landing';

export const meta: MetaFunction = () => [
  { title: 'Host Stadium of Fire parking · Parkside' },
  {
    name: 'description',
    content:
      'Live near LaVell Edwards Stadium in Provo? Rent your driveway to Stadium of Fire fans on the Fourth of July.',
  },
];

export function loader({ context }: LoaderFunctionArgs) {
  return loadLandingEvent(context, 'stadium-of-fire');
}

const copy: EventLandingCopy = {
  eyebrow: 'For neighbors of LaVell Edwards Stadium',
  headline: 'Host Stadium of Fire parking in your driveway',
  intro:
    "Every Fourth of July, tens of thousands of people come to Provo for America's biggest stadium fireworks show, and the lots around LaVell Edwards Stadium fill hours before the gates open. If you live nearby, your driveway is the spot they are looking for.",
  fallback: {
    title: 'Stadium of Fire',
    venue: 'LaVell Edwards Stadium',
    place: 'Provo, UT · every July 4',
    imageUrl: '/images/events/fireworks.svg',
  },
  reasons: [
    {
      title: 'One of the busiest nights of the year',
      body: "Stadium of Fire closes America's Freedom Festival with a headline concert, a flyover and fireworks, and it draws a packed stadium every year.",
    },
    {
      title: 'A short walk beats a long wait',
      body: 'Fans happily pay for a sure space a few blocks away instead of circling north Provo or queueing for a shuttle after the show.',
    },
    {
      title: 'You stay in control',
      body: 'Choose how many cars, the hours and your price. You know every plate in advance, and you can still enjoy the fireworks from your porch.',
    },
  ],
};

export default function StadiumOfFirePage() {
  const { event, terms } = useLoaderData<typeof loader>();
  return <EventLanding event={event} terms={terms} copy={copy} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
