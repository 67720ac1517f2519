import { ChipList } from '~/components/ui/chip-list';
import { IntentForm } from '~/components/forms/intent-form';

export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: string[];
  ownerEmail: string;
  rateLimitPerMinute: number;
  expiresAt: Date | string | null;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
  createdAt: Date | string;
}

const when = (value: Date | string | null, none = 'never') =>
  value
    ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : none;

function StatusBadge({ token }: { token: ApiTokenRow }) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= Date.now();
  if (!token.revokedAt && !expired) return null;
  return (
    <span className="ml-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
      {token.revokedAt ? 'Revoked' : 'Expired'}
    </span>
  );
}

/** Tokens with their scopes, expiry, last use and limit; live ones can be revoked. */
export function ApiTokenList({
  tokens,
  showOwner = false,
}: {
  tokens: ApiTokenRow[];
  showOwner?: boolean;
}) {
  if (tokens.length === 0) {
    return <p className="text-sm text-slate-600">No tokens yet.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-100">
      {tokens.map((t) => (
        <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {t.name}
              <StatusBadge token={t} />
            </p>
            <ChipList label="Scopes" items={t.scopes} tone="code" className="mt-1" />
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-600 sm:flex sm:flex-wrap sm:gap-x-3">
              {showOwner ? (
                <div className="contents sm:flex sm:gap-1">
                  <dt>Owner</dt>
                  <dd className="font-medium break-all text-slate-800">{t.ownerEmail}</dd>
                </div>
              ) : null}
              <div className="contents sm:flex sm:gap-1">
                <dt>Expires</dt>
                <dd className="text-slate-800">{when(t.expiresAt)}</dd>
              </div>
              <div className="contents sm:flex sm:gap-1">
                <dt>Last used</dt>
                <dd className="text-slate-800">{when(t.lastUsedAt)}</dd>
              </div>
              <div className="contents sm:flex sm:gap-1">
                <dt>Limit</dt>
                <dd className="text-slate-800">
                  {t.rateLimitPerMinute.toLocaleString('en-US')}/min
                </dd>
              </div>
            </dl>
          </div>
          {t.revokedAt ? null : (
            <IntentForm
              intent="revoke-token"
              fields={{ id: t.id }}
              variant="secondary"
              pendingText="Revoking…"
              aria-label={`Revoke ${t.name}`}
            >
              Revoke
            </IntentForm>
          )}
        </li>
      ))}
    </ul>
  );
}
