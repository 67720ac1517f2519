import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'My Listings · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="My Listings" action={{ to: '/list', label: 'How hosting works' }}>
      Your driveways and their listings per event will appear here, with spaces booked and offered,
      earnings and bookings.
    </ComingSoon>
  );
}
