import { Form } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/submit-button';

export interface ApiTokenRow {
  id: string;
  name: string;
  scope: 'storage:read' | 'storage:write';
  ownerEmail: string;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
  createdAt: Date | string;
}

const when = (value: Date | string | null) =>
  value
    ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : '—';

/** Every token with its owner, scope and last use; live ones can be revoked. */
export function ApiTokenList({ tokens }: { tokens: ApiTokenRow[] }) {
  if (tokens.length === 0) {
    return <p className="text-sm text-slate-600">No tokens yet.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-100">
      {tokens.map((t) => (
        <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {t.name}{' '}
              <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
                {t.scope}
              </span>
              {t.revokedAt ? (
                <span className="ml-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                  Revoked
                </span>
              ) : null}
            </p>
            <p className="text-sm text-slate-600">
              By {t.ownerEmail} · made {when(t.createdAt)} · last used {when(t.lastUsedAt)}
            </p>
          </div>
          {t.revokedAt ? null : (
            <Form method="post">
              <input type="hidden" name="id" value={t.id} />
              <SubmitButton
                name="intent"
                value="revoke"
                variant="secondary"
                pendingText="Revoking…"
                aria-label={`Revoke ${t.name}`}
              >
                Revoke
              </SubmitButton>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
