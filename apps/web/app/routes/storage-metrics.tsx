import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAdmin } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Storage metrics · Admin · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="Storage metrics" action={{ to: '/admin', label: 'Back to the Admin Panel' }}>
      Objects and bytes by area, quota use, the largest files and a daily history will appear here.
    </ComingSoon>
  );
}
