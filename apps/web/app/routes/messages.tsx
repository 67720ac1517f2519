import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Messages · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="Messages" action={{ to: '/events', label: 'Browse upcoming events' }}>
      Conversations with hosts and drivers about your bookings will appear here.
    </ComingSoon>
  );
}
