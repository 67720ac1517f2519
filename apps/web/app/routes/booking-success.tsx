import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Booking confirmed · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="Booking confirmed"
      action={{ to: '/events', label: 'Browse upcoming events' }}
    >
      After you book, this page shows your confirmation with the address, access instructions and
      time window.
    </ComingSoon>
  );
}
