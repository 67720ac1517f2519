import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Archived events · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="Archived events" action={{ to: '/events', label: 'See upcoming events' }}>
      Events that were archived will appear here, and can be brought back.
    </ComingSoon>
  );
}
