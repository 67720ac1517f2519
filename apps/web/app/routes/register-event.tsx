import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Register an event · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="Register an event" action={{ to: '/events', label: 'See upcoming events' }}>
      Soon you will add a game, concert or festival so drivers can find parking near it.
    </ComingSoon>
  );
}
