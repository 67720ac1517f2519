/** How a chip reads: a plain feature, something that needs a look, or a code name. */
const tones = {
  brand: 'bg-brand-50 text-brand-800 px-2.5 py-0.5 font-semibold',
  warning: 'bg-amber-100 px-3 py-1 font-bold text-amber-900',
  code: 'bg-slate-100 px-2 py-0.5 font-mono text-slate-700',
} as const;

/**
 * A short list shown as rounded chips (amenities, review flags, scopes), named for screen
 * readers by `label`; nothing at all when it is empty.
 */
export function ChipList({
  label,
  items,
  tone,
  className = '',
}: {
  label: string;
  /** What each chip says; each is also its key, so they must differ. */
  items: readonly string[];
  tone: keyof typeof tones;
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-1.5 ${className}`.trim()}>
      {items.map((item) => (
        <li key={item} className={`rounded-full text-xs ${tones[tone]}`}>
          {item}
        </li>
      ))}
    </ul>
  );
}
