import { ButtonLink } from '~/components/ui/button-link';

/** The customer's "under-construction page" for /about and /privacy. */
export function UnderConstruction({ title, topic }: { title: string; topic: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <svg
        aria-hidden="true"
        viewBox="0 0 64 64"
        className="h-20 w-20"
        fill="none"
        xmlns="http://www.w3.org/2000/svg"
      >
        <path d="M26 8h12l14 44H12L26 8z" fill="#f59e0b" />
        <path d="M23 20h18l2.5 8h-23L23 20zM18.5 36h27l2.5 8H16l2.5-8z" fill="#fff" />
        <rect x="6" y="50" width="52" height="8" rx="3" fill="#334155" />
      </svg>
      <p className="mt-6 text-sm font-semibold tracking-wide text-amber-800 uppercase">
        Under construction
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">
        We are still writing this page. Check back soon for {topic}.
      </p>
      <p className="mt-2 text-slate-600">
        In the meantime, find parking for your next event, or ask us anything.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to="/events" size="lg">
          Browse upcoming events
        </ButtonLink>
        <ButtonLink to="/contact" size="lg" variant="secondary">
          Contact Parkside
        </ButtonLink>
      </div>
    </div>
  );
}
