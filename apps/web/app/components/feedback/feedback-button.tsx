import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '~/components/ui/icon';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

/**
 * What the floating button must never sit on: anything a person presses or types into, and a
 * marked area (a pass's QR). Prices are found by their text (`PRICE`).
 */
const KEEP_CLEAR =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, label, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"]), [data-feedback-clear]';

/** A price in running text: a dollar sign before a digit ("$15.00", "−$3.00"). */
const PRICE = /\$\d/;

/**
 * Everything on the page the button must keep clear of: the elements `KEEP_CLEAR` names, and the
 * element around each piece of text that shows a price. Collected again when the page changes.
 */
function collectKeepClear(button: HTMLElement): HTMLElement[] {
  const found = new Set<HTMLElement>();
  for (const element of document.querySelectorAll<HTMLElement>(KEEP_CLEAR))
    if (!button.contains(element)) found.add(element);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && PRICE.test(node.nodeValue ?? '') && !button.contains(parent)) found.add(parent);
  }
  return [...found];
}

/** Whether one of `elements` is shown where the button's box is. */
function coversSomething(button: HTMLElement, elements: HTMLElement[]): boolean {
  const box = button.getBoundingClientRect();
  return elements.some((element) => {
    const other = element.getBoundingClientRect();
    if (other.width === 0 || other.height === 0) return false;
    const apart =
      other.right <= box.left ||
      box.right <= other.left ||
      other.bottom <= box.top ||
      box.bottom <= other.top;
    return !apart && element.checkVisibility?.({ visibilityProperty: true }) !== false;
  });
}

/**
 * Steps aside (fades out, not clickable) while anything it must keep clear of scrolls under it,
 * and comes back once it has moved on. Checked on scroll and resize, once per frame; the list of
 * what to keep clear of is gathered again when the page changes.
 */
function useStepsAside(button: React.RefObject<HTMLButtonElement>) {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    let elements: HTMLElement[] | null = null;
    const check = () => {
      frame = 0;
      if (!button.current) return;
      elements ??= collectKeepClear(button.current);
      setAside(coversSomething(button.current, elements));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const changed = () => {
      elements = null;
      schedule();
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new MutationObserver(changed);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['open', 'hidden', 'class', 'aria-expanded'],
    });
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
 * never covers a link, a button, a field, a price or a pass's QR: on a phone only its icon shows,
 * and it steps aside while one of them is under it.
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
        data-feedback-button
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
