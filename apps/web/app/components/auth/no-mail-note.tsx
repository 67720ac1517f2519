import { ButtonLink } from '~/components/ui/button-link';

/**
 * What a page says in place of a form whose answer is an e-mail, on a site with no mail server:
 * nothing can be sent, and who can help instead.
 */
export function NoMailNote({ what }: { what: string }) {
  return (
    <section
      aria-labelledby="no-mail-title"
      className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200"
    >
      <h2 id="no-mail-title" className="text-lg font-bold text-amber-950">
        This site cannot send e-mail yet
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        No mail server is set up here, so {what} cannot reach you. The people who run this Parkside
        can help.
      </p>
      <ButtonLink to="/contact" variant="secondary" className="mt-4">
        Contact Parkside
      </ButtonLink>
    </section>
  );
}
