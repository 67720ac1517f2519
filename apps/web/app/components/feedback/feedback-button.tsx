import { lazy, Suspense, useState } from 'react';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

/**
 * The floating Feedback button, shown to everyone but admins. The dialog's code loads the first
 * time it is opened (or when the pointer comes near), keeping it out of every page load.
 */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="bg-ink focus-visible:outline-brand-600 fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 print:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M3 4.5A2.5 2.5 0 0 1 5.5 2h9A2.5 2.5 0 0 1 17 4.5v7a2.5 2.5 0 0 1-2.5 2.5H9l-3.6 3.1A.8.8 0 0 1 4 16.5V14h.5A1.5 1.5 0 0 1 3 12.5v-8Z" />
        </svg>
        Feedback
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
