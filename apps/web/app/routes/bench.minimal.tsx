/**
 * The baseline of the /rent throughput benchmark (bench/marketplace/): the smallest Remix page,
 * a loader and a heading inside the site's frame. Only in benchmark builds (PARKSIDE_BENCH_BUILD=1,
 * see vite.config.ts); never part of the site.
 */
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

export const meta: MetaFunction = () => [{ title: 'Benchmark baseline · Parkside' }];

export function loader() {
  return { message: 'The smallest page the server renders.' };
}

export default function BenchMinimal() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">Benchmark baseline</h1>
      <p className="mt-2 text-slate-600">{message}</p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
