const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700',
  secondary:
    'bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-brand-700',
  ghost: 'text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-700',
  /** Something that removes or cannot be undone: outlined in red. */
  danger: 'bg-white text-red-800 ring-1 ring-red-300 hover:bg-red-50 focus-visible:outline-red-700',
  /** A small action in a list row, outlined in the brand colour. */
  outline:
    'bg-white text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-brand-700',
} as const;

const sizes = {
  /** In a list row or table. */
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

/** Class names for anything that should look like a button (buttons and links alike). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string } = {}) {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}
