import type { ReactNode } from 'react';

const WIDTHS = {
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
  '5xl': 'max-w-5xl',
  '6xl': 'max-w-6xl',
} as const;

/**
 * An inner page's column inside the site's frame: centred, as wide as its content wants, with
 * the same margins on a phone and a laptop as every other page.
 */
export function PageBody({
  width,
  className = '',
  children,
}: {
  width: keyof typeof WIDTHS;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${WIDTHS[width]} px-4 py-8 sm:px-6 sm:py-12 ${className}`.trim()}>
      {children}
    </div>
  );
}
