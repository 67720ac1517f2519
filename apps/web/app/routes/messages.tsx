import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { requireVerifiedUser } from '~/.server/auth';
import { UNREAD_CHANGED } from '~/components/layout/live-messages';
import { ConversationList } from '~/components/messages/conversation-list';
import { ThreadView } from '~/components/messages/thread-view';
import { useFreshConversations } from '~/components/messages/use-fresh-conversations';
import { PageBody } from '~/components/layout/page-body';

export const meta: MetaFunction = () => [{ title: 'Messages · Parkside' }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request);
  const params = new URL(request.url).searchParams;
  const bookingId = params.get('booking');
  const before = params.get('before') ?? undefined;
  const threads = await context.api.message.threads({});
  let thread = null;
  if (bookingId) {
    if (!UUID.test(bookingId)) throw data({ message: 'That conversation does not exist.' }, 404);
    try {
      thread = await context.api.message.thread({ bookingId, before });
    } catch (error) {
      throw data({ message: publicMessageOf(error) }, httpStatusOf(error));
    }
  }
  return { me: user.id, threads: threads.items, thread };
}

/** Without JavaScript the composer posts here; the page shows the conversation again. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  const bookingId = String(form.get('bookingId') ?? '');
  if (form.get('intent') === 'read') {
    await context.api.message.markRead({ bookingId }).catch(() => null);
    return { ok: true as const };
  }
  try {
    await context.api.message.send({
      bookingId,
      body: String(form.get('body') ?? ''),
      clientKey: String(form.get('clientKey') ?? ''),
    });
  } catch (error) {
    throw data({ message: publicMessageOf(error) }, httpStatusOf(error));
  }
  return redirect(`/messages?booking=${bookingId}`);
}

export default function Messages() {
  const { me, thread, threads } = useLoaderData<typeof loader>();
  useFreshConversations(5_000);
  // Whenever the counts on this page change, the menu's badge asks again.
  const unreadHere = threads.reduce((sum, t) => sum + t.unread, 0);
  useEffect(() => {
    window.dispatchEvent(new Event(UNREAD_CHANGED));
  }, [unreadHere]);
  return (
    <PageBody width="6xl">
      <h1 className={`text-3xl font-extrabold tracking-tight ${thread ? 'hidden lg:block' : ''}`}>
        Messages
      </h1>
      <p className={`mt-1 text-slate-600 ${thread ? 'hidden lg:block' : ''}`}>
        Talk with the hosts and drivers of your bookings.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className={thread ? 'hidden lg:block' : ''}>
          <ConversationList threads={threads} selected={thread?.bookingId ?? null} />
        </div>
        {thread ? (
          <ThreadView
            thread={thread}
            me={me}
            unread={threads.find((t) => t.bookingId === thread.bookingId)?.unread ?? 0}
          />
        ) : (
          <div className="hidden items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600 lg:flex">
            Choose a conversation to read it.
          </div>
        )}
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
