import type { ReactNode } from 'react';

/** A secret just made (an API token, a webhook's signing secret), shown this once to copy. */
export function ShownOnce({
  title,
  detail,
  secret,
  testId,
}: {
  title: ReactNode;
  detail?: string;
  secret: string;
  testId: string;
}) {
  return (
    <div role="status" className="bg-brand-50 ring-brand-200 rounded-2xl p-5 ring-1">
      <p className="font-semibold">{title}</p>
      {detail ? <p className="mt-1 text-sm break-all text-slate-700">{detail}</p> : null}
      <p
        data-testid={testId}
        className="mt-2 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-slate-200"
      >
        {secret}
      </p>
    </div>
  );
}
