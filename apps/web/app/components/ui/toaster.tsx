import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from '@remix-run/react';
import { Icon } from './icon';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  type?: ToastType;
  title: string;
  description?: string;
  /** Milliseconds before it goes by itself. */
  duration?: number;
}

/** The customer's default notification duration. */
export const DEFAULT_TOAST_DURATION_MS = 3000;

interface ShownToast extends Required<Pick<ToastInput, 'title' | 'duration'>> {
  id: number;
  type: ToastType;
  description?: string;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});
const ShownContext = createContext<{ toasts: ShownToast[]; dismiss: (id: number) => void }>({
  toasts: [],
  dismiss: () => {},
});

/** Shows a toast from anywhere in the page: `const toast = useToast(); toast({ title })`. */
export function useToast() {
  return useContext(ToastContext);
}

const styles: Record<ToastType, { box: string; icon: string; label: string }> = {
  success: { box: 'border-brand-200 bg-white', icon: 'bg-brand-600', label: 'Success' },
  error: { box: 'border-red-200 bg-white', icon: 'bg-red-600', label: 'Error' },
  warning: { box: 'border-amber-200 bg-white', icon: 'bg-amber-500', label: 'Warning' },
  info: { box: 'border-sky-200 bg-white', icon: 'bg-sky-600', label: 'Information' },
};

function ToastItem({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  const style = styles[toast.type];
  return (
    <li
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-type={toast.type}
      className={`flex w-full items-start gap-3 rounded-xl border p-4 shadow-sm sm:w-96 ${style.box}`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${style.icon}`}
      />
      <div className="min-w-0 flex-1">
        <p className="text-ink font-semibold">
          <span className="sr-only">{style.label}: </span>
          {toast.title}
        </p>
        {toast.description ? (
          <p className="mt-1 text-sm text-slate-600">{toast.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="hover:text-ink -m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100"
        aria-label="Dismiss notification"
      >
        <Icon name="close" className="h-5 w-5" />
      </button>
    </li>
  );
}

/**
 * Holds the toasts of the page. `initial` is the one a server action left for this page load
 * (redirect with a toast); `useToast()` adds more from the browser.
 */
export function ToastProvider({
  initial,
  children,
}: {
  initial: ToastInput | null;
  children: ReactNode;
}) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [
      ...current.slice(-2),
      {
        id,
        type: input.type ?? 'success',
        title: input.title,
        description: input.description,
        duration: input.duration ?? DEFAULT_TOAST_DURATION_MS,
      },
    ]);
  }, []);
  const dismiss = useCallback(
    (id: number) => setToasts((current) => current.filter((t) => t.id !== id)),
    [],
  );

  // Each toast a page load brings is shown once (StrictMode runs effects twice in development).
  const shownInitial = useRef<ToastInput | null>(null);
  useEffect(() => {
    if (initial && shownInitial.current !== initial) {
      shownInitial.current = initial;
      show(initial);
    }
  }, [initial, show]);

  const value = useMemo(() => show, [show]);
  const shown = useMemo(() => ({ toasts, dismiss }), [toasts, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      <ShownContext.Provider value={shown}>{children}</ShownContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Where the toasts show: in the page's flow, under the header, so a toast never lies over a link,
 * a button, a field or a price (it moves the page down while it is shown instead). When one
 * arrives while that place is scrolled out of view, the page brings it into view.
 */
export function ToastList() {
  const { toasts, dismiss } = useContext(ShownContext);
  const list = useRef<HTMLOListElement>(null);
  const newest = toasts.at(-1)?.id;
  useEffect(() => {
    const box = list.current?.getBoundingClientRect();
    if (newest !== undefined && box && (box.top < 0 || box.bottom > window.innerHeight))
      list.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);
  // The room the toasts took on this page stays when they go, until the next page: nothing
  // under them moves as one leaves, so a tap aimed at a button lands on it.
  const { pathname } = useLocation();
  const [room, setRoom] = useState({ pathname, height: 0 });
  useEffect(() => {
    const height = list.current?.offsetHeight ?? 0;
    setRoom((kept) =>
      kept.pathname !== pathname || height > kept.height ? { pathname, height } : kept,
    );
  }, [toasts, pathname]);
  const minHeight = room.pathname === pathname ? room.height : 0;
  return (
    <div style={minHeight > 0 ? { minHeight } : undefined}>
      <ol
        ref={list}
        aria-label="Notifications"
        className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 empty:hidden sm:items-end sm:px-6 [&:not(:empty)]:pt-4"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </ol>
    </div>
  );
}
