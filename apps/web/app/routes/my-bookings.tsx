import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'My Bookings · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="My Bookings" action={{ to: '/events', label: 'Find parking' }}>
      Your upcoming and past bookings will appear here, with directions, access instructions and
      cancellation.
    </ComingSoon>
  );
}
