import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';

export const meta: MetaFunction = () => [{ title: 'Admin Panel · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return { overview: await context.api.admin.overview() };
}

interface Tile {
  title: string;
  figure?: string;
  detail: string;
  to?: string;
}

export default function AdminPanel() {
  const { overview } = useLoaderData<typeof loader>();
  const tiles: Tile[] = [
    { title: 'Users', figure: String(overview.users), detail: `${overview.hosts} of them hosts` },
    {
      title: 'Upcoming events',
      figure: String(overview.upcomingEvents),
      detail: 'Scheduled and not yet ended',
      to: '/events',
    },
    {
      title: 'Feedback',
      figure: String(overview.newFeedback),
      detail: 'New, not yet resolved',
      to: '/admin/feedback',
    },
    { title: 'Conversations', detail: 'Read-only, every view logged', to: '/admin/conversations' },
    { title: 'Storage metrics', detail: 'Objects, bytes and quota', to: '/storage-metrics' },
    { title: 'API tokens', detail: 'Access for internal tools', to: '/admin/api-tokens' },
    { title: 'Listings and bookings', detail: 'Figures arrive with the marketplace' },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">Admin Panel</h1>
      <p className="mt-1 text-slate-600">The marketplace at a glance.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => {
          const body = (
            <>
              <h2 className="text-sm font-semibold text-slate-600">{tile.title}</h2>
              {tile.figure !== undefined ? (
                <p className="text-ink mt-2 text-4xl font-extrabold tracking-tight">
                  {tile.figure}
                </p>
              ) : null}
              <p className="mt-1 text-sm text-slate-600">{tile.detail}</p>
            </>
          );
          const box = 'block h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';
          return (
            <li key={tile.title}>
              {tile.to ? (
                <Link
                  to={tile.to}
                  className={`${box} hover:ring-brand-300 transition-shadow hover:shadow-md`}
                >
                  {body}
                </Link>
              ) : (
                <div className={box}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
