import type { LoaderFunctionArgs } from '@remix-run/node';
import type { SavedList } from '~/offline/saved-pages';
import { formatEventStart } from '~/utils/event-time';

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });

/**
 * What the signed-in person's phone keeps for game day without a signal (decision 042): their
 * upcoming passes and, for a host with cars due today or tomorrow, the arrivals page. Read by
 * app/offline/saved-pages.ts; a 401 tells the phone to forget what it holds.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.session) return json({ error: 'Sign in to keep your passes.' }, 401);
  if (!context.session.user.emailVerified) {
    return json({ error: 'Verify your e-mail address first.' }, 403);
  }
  const saved = await context.api.pass.offline();
  const origin = new URL(request.url).origin;
  const photos = new Set<string>();
  for (const pass of saved.passes) {
    if (!pass.photo) continue;
    // Only this site's own files: another origin's are not ours to keep or serve. The address
    // is the one the pass shows, query and all: without its `?alt=media&token=` the storage
    // answers with the file's details, to the site's own pages only, not with the picture.
    const url = new URL(pass.photo, origin);
    if (url.origin === origin) photos.add(`${url.pathname}${url.search}`);
  }
  const body: SavedList = {
    owner: saved.owner,
    pages: [
      ...saved.passes.map((pass) => ({
        path: `/bookings/${pass.bookingId}/pass`,
        kind: 'pass' as const,
        title: pass.eventTitle,
        when: formatEventStart(pass.startsAt, pass.timeZone),
      })),
      ...(saved.arrivals
        ? [
            {
              path: '/arrivals',
              kind: 'arrivals' as const,
              title: 'Arrivals',
              when: 'Today and tomorrow',
            },
          ]
        : []),
    ],
    photos: [...photos],
  };
  return json(body);
}
