import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';
import { ComingSoon } from '~/components/layout/coming-soon';

export const meta: MetaFunction = () => [{ title: 'List your driveway · Parkside' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="List your driveway" action={{ to: '/list', label: 'How hosting works' }}>
      Soon you will describe your driveway, pin it on the map, and offer spaces for an event in one
      flow.
    </ComingSoon>
  );
}
