import type { MetaFunction } from '@remix-run/node';
import { UnderConstruction } from '~/components/marketing/under-construction';

export const meta: MetaFunction = () => [
  { title: 'Privacy · Parkside' },
  {
    name: 'description',
    content: 'How Parkside collects, uses and protects your information. Coming soon.',
  },
];

export default function PrivacyPage() {
  return (
    <UnderConstruction
      title="Privacy policy"
      topic="how Parkside collects, uses and protects your data"
    />
  );
}
