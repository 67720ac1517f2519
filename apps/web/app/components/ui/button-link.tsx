import { Link, type LinkProps } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';

/** A link that looks like a button: a page to go to, as the main or a secondary step. */
export function ButtonLink({
  variant,
  size,
  className,
  ...link
}: LinkProps & Parameters<typeof buttonClasses>[0]) {
  return <Link {...link} className={buttonClasses({ variant, size, className })} />;
}
