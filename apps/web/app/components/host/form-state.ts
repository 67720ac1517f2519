import type { SubmissionResult } from '@conform-to/react';

/** What /my-listings' action answers when one of its many forms is refused. */
export interface HostFormFailure {
  intent: string;
  /** The listing, driveway or booking the form was about. */
  target: string;
  result: SubmissionResult<string[]>;
}

/**
 * The state of one form on /my-listings: its errors and the values typed before a refusal (so
 * nothing typed is lost), or the stored values when this form was not the one refused.
 */
export function formState(failure: HostFormFailure | undefined, intent: string, target: string) {
  const mine = failure?.intent === intent && failure.target === target ? failure.result : null;
  const typed = (mine?.initialValue ?? {}) as Record<string, unknown>;
  return {
    failed: Boolean(mine),
    formErrors: mine?.error?.[''] ?? undefined,
    errors: (name: string) => mine?.error?.[name] ?? undefined,
    value: (name: string, stored: string | number) => {
      const value = typed[name];
      return mine && typeof value === 'string' ? value : String(stored);
    },
    values: (name: string, stored: readonly string[]) => {
      if (!mine) return stored;
      const value = typed[name];
      return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
    },
  };
}
