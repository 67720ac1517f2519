import { publicMessageOf, httpStatusOf } from '@parkside/api/errors';
import { ADMIN_PAGE_MAX, ADMIN_SEARCH_MAX_LENGTH } from '@parkside/validators';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { AdminEmpty } from '~/components/admin/admin-list-parts';
import { ListSearch } from '~/components/ui/list-search';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { PageLinks, PastTheLastPage } from '~/components/ui/page-links';
import { formatEventStart } from '~/utils/event-time';
import { pageParam, searchParam } from '~/utils/paging';
import { BackLink } from '~/components/ui/back-link';
import { PageBody } from '~/components/layout/page-body';
import { utcMinute } from '~/utils/utc-time';

export const meta: MetaFunction = () => [{ title: 'Conversations · Admin · Parkside' }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const q = searchParam(request, ADMIN_SEARCH_MAX_LENGTH);
  const id = new URL(request.url).searchParams.get('id');
  const list = await context.api.admin.conversations({
    q: q || undefined,
    page: pageParam(request, ADMIN_PAGE_MAX),
  });
  let open = null;
  if (id) {
    if (!UUID.test(id)) throw data({ message: 'No conversation has that id.' }, 404);
    try {
      // Reading it is a view on the record.
      open = await context.api.admin.conversation({ id });
    } catch (error) {
      throw data({ message: publicMessageOf(error) }, httpStatusOf(error));
    }
  }
  return { q, list, open };
}

function OpenConversation() {
  const { open } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!open) return null;
  const { conversation: c, messages, views } = open;
  const back = new URLSearchParams(search);
  back.delete('id');
  const nameOf = (senderId: string | null) =>
    senderId === c.driverId
      ? `${c.driverName ?? 'Driver'} (driver)`
      : senderId === c.hostId
        ? `${c.hostName ?? 'Host'} (host)`
        : 'A former user';
  return (
    <section
      aria-label={`Conversation between ${c.driverName} and ${c.hostName}`}
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <header className="border-b border-slate-100 px-5 py-4">
        <BackLink
          to={`/admin/conversations${back.toString() ? `?${back}` : ''}`}
          className="lg:hidden"
        >
          All conversations
        </BackLink>
        <h2 className="text-ink mt-1 text-lg font-bold">
          {c.driverName ?? 'Driver'} and {c.hostName ?? 'host'}
        </h2>
        <p className="text-sm text-slate-600">
          <Link to={`/admin/events/${c.eventId}`} className="hover:underline">
            {c.eventTitle}
          </Link>{' '}
          · {formatEventStart(c.eventStartsAt, c.eventTimeZone)} · {c.drivewayTitle}
        </p>
        <p
          role="note"
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          Read-only. Every view of a conversation is logged with your e-mail, the time and your
          address.
        </p>
      </header>
      <ol className="flex flex-col gap-3 px-5 py-4">
        {messages.map((m) => (
          <li key={m.id} className="rounded-xl bg-slate-50 px-4 py-2">
            <p className="text-xs font-semibold text-slate-600">
              {nameOf(m.senderId)} ·{' '}
              <time dateTime={m.createdAt}>{utcMinute.format(new Date(m.createdAt))} UTC</time>
            </p>
            <p className="text-ink mt-1 break-words whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      <div className="border-t border-slate-100 px-5 py-4">
        <h3 className="text-sm font-bold text-slate-700">Views by admins</h3>
        <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
          {views.map((v) => (
            <li key={`${v.at}-${v.adminEmail}`}>
              <span className="font-semibold">{v.adminEmail}</span> ·{' '}
              <time dateTime={v.at}>{utcMinute.format(new Date(v.at))} UTC</time> · from {v.ip}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function AdminConversations() {
  const { q, list, open } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const hrefFor = (id: string) => {
    const params = new URLSearchParams(search);
    params.set('id', id);
    return `/admin/conversations?${params}`;
  };
  return (
    <PageBody width="6xl">
      <AdminPageHeader title="Conversations">
        Every conversation between drivers and hosts, latest first. Read-only; each view is logged.
      </AdminPageHeader>
      <div className="mt-2 grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div className={`min-w-0 ${open ? 'hidden lg:block' : ''}`}>
          <ListSearch
            id="admin-conversations-q"
            label="Search by e-mail or event"
            q={q}
            filtered={!!q}
          />
          {list.items.length === 0 ? (
            list.page > 1 ? (
              <PastTheLastPage />
            ) : (
              <AdminEmpty>
                {q
                  ? 'No conversation matches that search.'
                  : 'No driver and host have written to each other yet.'}
              </AdminEmpty>
            )
          ) : (
            <ul className="mt-6 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              {list.items.map((c) => (
                <li key={c.id}>
                  <Link
                    to={hrefFor(c.id)}
                    aria-current={open?.conversation.id === c.id ? 'page' : undefined}
                    className={`block px-4 py-3 hover:bg-slate-50 ${open?.conversation.id === c.id ? 'bg-brand-50' : ''}`}
                  >
                    <span className="text-ink block font-semibold">
                      {c.driverName ?? 'Driver'} and {c.hostName ?? 'host'}
                    </span>
                    <span className="block truncate text-sm text-slate-600">{c.eventTitle}</span>
                    <span className="block text-xs text-slate-600">
                      {c.messageCount} {c.messageCount === 1 ? 'message' : 'messages'} · last{' '}
                      {utcMinute.format(new Date(c.lastMessageAt))} UTC
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <PageLinks page={list.page} hasMore={list.page < list.pageCount} />
        </div>
        {open ? (
          <OpenConversation />
        ) : (
          <div className="hidden items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600 lg:flex">
            Choose a conversation to read it. Opening one is logged.
          </div>
        )}
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
