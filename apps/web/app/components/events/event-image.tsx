/** What an event without a picture of its own shows. */
const NO_IMAGE = '/images/events/parade.svg';

/**
 * An event's picture at 16:9 (or the parade drawing when it has none). Decorative: the title
 * next to it says what it is. `lazy` for lists, where most cards start below the fold.
 */
export function EventImage({
  url,
  lazy = false,
  className = '',
}: {
  url: string | null;
  lazy?: boolean;
  className?: string;
}) {
  return (
    <img
      src={url ?? NO_IMAGE}
      alt=""
      width={640}
      height={360}
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
      className={`aspect-video w-full bg-slate-200 object-cover ${className}`.trim()}
    />
  );
}
