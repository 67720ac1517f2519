import { useNavigation } from '@remix-run/react';
import { accessOf } from '~/utils/route-access';

/**
 * While a client-side navigation to a guarded page waits for the server to determine the
 * session, say so (the customer's text). Plain page loads are decided on the server first.
 */
export function SessionCheck() {
  const navigation = useNavigation();
  const target = navigation.state === 'loading' ? navigation.location : null;
  if (!target || accessOf(target.pathname) === 'public') return null;
  return (
    <div role="status" className="fixed inset-x-0 top-16 z-40 flex justify-center px-4 pt-3">
      <p className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-md ring-1 ring-slate-200">
        <span
          aria-hidden="true"
          className="border-brand-600 h-3 w-3 animate-spin rounded-full border-2 border-t-transparent"
        />
        Verifying your session...
      </p>
    </div>
  );
}
