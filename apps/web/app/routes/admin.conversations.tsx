import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAdmin } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Conversations · Admin · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="Conversations" action={{ to: '/admin', label: 'Back to the Admin Panel' }}>
      Read-only access to conversations between drivers and hosts, with every view logged, will
      appear here.
    </ComingSoon>
  );
}
