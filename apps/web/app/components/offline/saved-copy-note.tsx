import type { ReactNode } from 'react';

/**
 * On a page kept on the phone for game day (decision 042): says this is the saved copy and when
 * it was made, with what else the person should know (`children`).
 */
export function SavedCopyNote({ when, children }: { when: ReactNode; children?: ReactNode }) {
  return (
    <p className="mt-3 rounded-xl bg-amber-100 px-4 py-2 text-base font-bold text-amber-950 ring-1 ring-amber-300 print:hidden">
      Saved on this phone · updated {when}
      {children ? <span className="block text-sm font-normal">{children}</span> : null}
    </p>
  );
}
