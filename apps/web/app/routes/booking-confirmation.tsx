import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Confirm your booking · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="Confirm your booking"
      action={{ to: '/events', label: 'Browse upcoming events' }}
    >
      Here you will review the driveway, add your licence plate and vehicle, and confirm the
      booking.
    </ComingSoon>
  );
}
