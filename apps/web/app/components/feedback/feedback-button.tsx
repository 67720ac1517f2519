import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '~/components/ui/icon';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

/** What the floating button must never sit on: a form's submit button, or a marked area (a QR). */
const KEEP_CLEAR = 'button[type="submit"], input[type="submit"], [data-feedback-clear]';

/**
 * Whether something that must stay clear lies under `button`: the page is probed at its corners
 * and centre (every element stacked there, the button's own subtree aside).
 */
function coversSomething(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  const points: [number, number][] = [
    [box.left + 2, box.top + 2],
    [box.right - 2, box.top + 2],
    [box.left + 2, box.bottom - 2],
    [box.right - 2, box.bottom - 2],
    [box.left + box.width / 2, box.top + box.height / 2],
  ];
  return points.some(([x, y]) =>
    document
      .elementsFromPoint(x, y)
      .some((element) => !button.contains(element) && element.closest(KEEP_CLEAR) !== null),
  );
}

/**
 * Steps aside (fades out, not clickable) while a submit button or a QR scrolls under the button,
 * and comes back once they have moved on. Checked on scroll and resize, once per frame.
 */
function useStepsAside(button: React.RefObject<HTMLButtonElement>) {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (button.current) setAside(coversSomething(button.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [button]);
  return aside;
}

/**
 * The floating Feedback button, shown to everyone but admins. The dialog's code loads the first
 * time it is opened (or when the pointer comes near), keeping it out of every page load. It
 * never covers a submit button or a pass's QR: on a phone only its icon shows, and it steps
 * aside while one of them is under it.
 */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const aside = useStepsAside(ref);
  return (
    <>
      <button
        ref={ref}
        type="button"
        data-aside={aside || undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        // On a phone only its icon shows (44 px, bottom corner), so it covers no button or QR;
        // the footer keeps room under the page's last line for it.
        className="bg-ink focus-visible:outline-brand-600 fixed right-3 bottom-3 z-40 flex h-11 w-11 items-center justify-center gap-2 rounded-full text-sm font-semibold text-white shadow-lg transition-opacity hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 data-aside:pointer-events-none data-aside:opacity-0 sm:right-4 sm:bottom-4 sm:h-auto sm:w-auto sm:px-4 sm:py-3 print:hidden"
      >
        <Icon name="message" className="h-5 w-5 sm:h-4 sm:w-4" />
        <span className="sr-only sm:not-sr-only">Feedback</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
