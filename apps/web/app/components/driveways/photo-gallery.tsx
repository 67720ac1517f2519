/**
 * A driveway's photos for drivers: on a phone a row to swipe through, on a laptop the first one
 * large beside the next two, any more below them (two photos side by side). Works without
 * JavaScript; every photo says which it is.
 */
export function PhotoGallery({ title, photos }: { title: string; photos: string[] }) {
  if (photos.length === 0) {
    return (
      <div className="grid aspect-[3/1] place-items-center rounded-2xl bg-slate-100 px-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
        The host has not added photos of this driveway yet.
      </div>
    );
  }
  return (
    // On a phone the row scrolls sideways, so it takes focus: the arrow keys scroll it (WCAG 2.1.1).
    <ul
      aria-label={`Photos of ${title}`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={`focus-visible:outline-brand-600 -mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 pb-1 focus-visible:outline-2 sm:mx-0 sm:grid sm:overflow-visible sm:px-0 sm:pb-0 ${photos.length < 3 ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}
    >
      {photos.map((url, i) => (
        <li
          key={url}
          className={`shrink-0 snap-center sm:w-auto ${photos.length === 1 ? 'w-full sm:col-span-2' : 'w-[85%]'} ${i === 0 && photos.length >= 3 ? 'sm:col-span-2 sm:row-span-2' : ''}`}
        >
          <img
            src={url}
            alt={`${title}, view ${i + 1} of ${photos.length}`}
            width={960}
            height={640}
            loading={i === 0 ? 'eager' : 'lazy'}
            className="aspect-[3/2] h-full w-full rounded-2xl bg-slate-200 object-cover ring-1 ring-slate-200"
          />
        </li>
      ))}
    </ul>
  );
}
