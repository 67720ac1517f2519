import { useId, type ReactNode } from 'react';
import { ButtonLink } from '~/components/ui/button-link';

/**
 * What a page says in place of something whose answer is an e-mail, on a site with no mail
 * server: nothing can be sent (`children` says what would have been), and who can help instead.
 */
export function NoMailNote({ children }: { children: ReactNode }) {
  const title = useId();
  return (
    <section aria-labelledby={title} className="rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200">
      <h2 id={title} className="text-lg font-bold text-amber-950">
        This site cannot send e-mail yet
      </h2>
      <p className="mt-1 text-sm text-amber-950">{children}</p>
      <ButtonLink to="/contact" variant="secondary" className="mt-4">
        Contact Parkside
      </ButtonLink>
    </section>
  );
}
