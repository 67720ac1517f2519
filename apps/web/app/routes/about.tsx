import type { MetaFunction } from '@remix-run/node';
import { UnderConstruction } from '~/components/marketing/under-construction';

export const meta: MetaFunction = () => [
  { title: 'About · Parkside' },
  {
    name: 'description',
    content: 'Who we are and why we built Parkside, the event parking marketplace. Coming soon.',
  },
];

export default function AboutPage() {
  return <UnderConstruction title="About Parkside" topic="the story behind Parkside" />;
}
