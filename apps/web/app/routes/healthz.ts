import type { LoaderFunctionArgs } from '@remix-run/node';

/** 200 while the database answers, 503 otherwise. For load balancers and uptime checks. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { database } = await context.api.system.health();
  const ok = database === 'up';
  return Response.json(
    { status: ok ? 'ok' : 'unavailable', database },
    { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
