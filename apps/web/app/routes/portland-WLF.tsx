import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { loadLandingEvent } from '~/.server/landing';
import { EventLanding, type EventLandingCopy } from '~/components/marketing/event-landing';

export const meta: MetaFunction = () => [
  { title: 'Host Water Lantern Festival parking · Parkside' },
  {
    name: 'description',
    content:
      'Live near Laurelhurst Park in Portland? Rent your driveway to Water Lantern Festival guests.',
  },
];

export function loader({ context }: LoaderFunctionArgs) {
  return loadLandingEvent(context, 'portland-water-lantern-festival');
}

const copy: EventLandingCopy = {
  eyebrow: 'For neighbors of Laurelhurst Park',
  headline: 'Host Water Lantern Festival parking in your driveway',
  intro:
    'When the Water Lantern Festival comes to Laurelhurst Park, thousands of people arrive for the lantern launch at dusk, and street parking in the neighborhood is gone by late afternoon. Rent your driveway to them and make the evening easier for everyone.',
  fallback: {
    title: 'Water Lantern Festival Portland',
    venue: 'Laurelhurst Park',
    place: 'Portland, OR',
    imageUrl: '/images/events/lanterns.svg',
  },
  reasons: [
    {
      title: 'Fewer cars circling your block',
      body: 'Every guest who books a driveway is one less car hunting for a curb on SE Stark Street or César E. Chávez Boulevard.',
    },
    {
      title: 'An easy evening of income',
      body: 'The festival runs from late afternoon into the evening. Your driveway earns while you walk over and float a lantern yourself.',
    },
    {
      title: 'You stay in control',
      body: 'Choose how many cars, the hours and your price. You know every plate in advance and can message drivers before they arrive.',
    },
  ],
};

export default function PortlandWaterLanternPage() {
  const { event, terms } = useLoaderData<typeof loader>();
  return <EventLanding event={event} terms={terms} copy={copy} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
