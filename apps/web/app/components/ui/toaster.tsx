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
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg ${style.box}`}
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
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ol
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:top-20 sm:right-4 sm:bottom-auto sm:left-auto sm:w-96 sm:items-end"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}
