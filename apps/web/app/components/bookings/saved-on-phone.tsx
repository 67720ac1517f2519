import type { ReactNode } from 'react';
import { useSavedForOffline } from '~/offline/use-saved-for-offline';
import { Icon } from '~/components/ui/icon';

const saving = (upcoming: number) =>
  `Saving your upcoming ${upcoming === 1 ? 'pass' : 'passes'} on this phone, so ${upcoming === 1 ? 'it opens' : 'they open'} with no signal at the venue.`;

function savedText(passes: number): ReactNode {
  return (
    <>
      <strong>
        {passes === 1 ? 'Your pass is' : `Your ${passes} upcoming passes are`} saved on this phone.
      </strong>{' '}
      {passes === 1 ? 'It opens' : 'They open'} with no signal at the venue.
    </>
  );
}

/**
 * Keeps the driver's upcoming passes on the phone (decision 042) and says so once they are:
 * at the stadium, with no signal, they still open. With upcoming passes the note is there from
 * the first paint, saying they are being saved, and is as tall as either of its texts, so nothing
 * below it moves when the words change (the list is what the driver is about to tap).
 */
export function SavedOnPhone({ version, upcoming }: { version: unknown; upcoming: number }) {
  const saved = useSavedForOffline(version);
  const passes = saved?.pages.filter((page) => page.kind === 'pass').length ?? 0;
  const pending = saved === undefined && upcoming > 0;
  if (!pending && !passes) return null;
  return (
    <p className="mt-3 flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ring-1 ring-emerald-200">
      <Icon name="download" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
      <span className="grid">
        {/* Both texts, unseen, in the one cell: the note takes the taller one's height. */}
        <span aria-hidden="true" className="invisible [grid-area:1/1]">
          {saving(upcoming)}
        </span>
        <span aria-hidden="true" className="invisible [grid-area:1/1]">
          {savedText(Math.max(passes, upcoming))}
        </span>
        <span className="[grid-area:1/1]">{pending ? saving(upcoming) : savedText(passes)}</span>
      </span>
    </p>
  );
}
