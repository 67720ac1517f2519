import { useSavedForOffline } from '~/offline/use-saved-for-offline';
import { Icon } from '~/components/ui/icon';

/**
 * Keeps the driver's upcoming passes on the phone (decision 042) and says so once they are:
 * at the stadium, with no signal, they still open.
 */
export function SavedOnPhone({ version }: { version: unknown }) {
  const saved = useSavedForOffline(version);
  const passes = saved?.pages.filter((page) => page.kind === 'pass').length ?? 0;
  if (!passes) return null;
  return (
    <p className="mt-3 flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ring-1 ring-emerald-200">
      <Icon name="download" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
      <span>
        <strong>
          {passes === 1 ? 'Your pass is' : `Your ${passes} upcoming passes are`} saved on this
          phone.
        </strong>{' '}
        {passes === 1 ? 'It opens' : 'They open'} with no signal at the venue.
      </span>
    </p>
  );
}
