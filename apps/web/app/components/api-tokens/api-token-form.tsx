import {
  API_TOKEN_DEFAULT_RATE_LIMIT,
  API_TOKEN_MAX_RATE_LIMIT,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
} from '@parkside/validators';
import { Form } from '@remix-run/react';
import { ErrorList } from '~/components/forms/field';
import { CodeChoices } from '~/components/forms/code-choices';
import { SubmitButton } from '~/components/forms/submit-button';
import { ShownOnce } from '~/components/ui/shown-once';
import { InputRow, SelectRow } from '~/components/forms/plain-rows';

export interface TokenFormState {
  error: string | null;
  created: { id: string; name: string; secret: string } | null;
  request: {
    name: string;
    scopes: string[];
    expiresInDays?: number;
    rateLimitPerMinute?: number;
  } | null;
}

const EXPIRY_CHOICES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

/** The secret of a token just made, shown this once. */
export function CreatedToken({ token }: { token: { name: string; secret: string } }) {
  return (
    <ShownOnce
      title={`Token “${token.name}” created. Copy it now: it is shown only once.`}
      secret={token.secret}
      testId="token-secret"
    />
  );
}

/**
 * Name, scopes, expiry and rate limit of a new token. The `admin` scope and limits above the
 * default are offered to admins only (the API refuses them to anyone else anyway).
 */
export function ApiTokenForm({
  isAdmin,
  state,
}: {
  isAdmin: boolean;
  state: TokenFormState | null;
}) {
  const scopes = API_TOKEN_SCOPES.filter((scope) => isAdmin || scope !== 'admin');
  const sent = state?.request;
  const chosen = new Set(sent?.scopes ?? ['read']);
  const maxLimit = isAdmin ? API_TOKEN_MAX_RATE_LIMIT.admin : API_TOKEN_MAX_RATE_LIMIT.user;
  const error = state?.error ?? null;
  return (
    <Form key={state?.created?.id ?? 'new'} method="post" className="flex flex-col gap-4">
      <InputRow
        id="token-name"
        label="Name"
        name="name"
        required
        maxLength={60}
        defaultValue={sent?.name ?? ''}
        placeholder="Season import"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'token-error' : undefined}
      />
      <CodeChoices
        legend="Scopes"
        name="scopes"
        idPrefix="token-scope"
        codes={scopes}
        labels={API_TOKEN_SCOPE_LABELS}
        chosen={chosen}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectRow
          id="token-expiry"
          label="Expires"
          name="expiresInDays"
          defaultValue={sent?.expiresInDays ?? 90}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.days} value={choice.days}>
              In {choice.label}
            </option>
          ))}
          <option value="">Never (until revoked)</option>
        </SelectRow>
        <InputRow
          id="token-limit"
          label="Calls a minute"
          name="rateLimitPerMinute"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxLimit}
          defaultValue={sent?.rateLimitPerMinute ?? API_TOKEN_DEFAULT_RATE_LIMIT}
          aria-describedby="token-limit-hint"
          after={
            <p id="token-limit-hint" className="text-sm text-slate-600">
              At most {maxLimit.toLocaleString('en-US')}.
            </p>
          }
        />
      </div>
      <ErrorList id="token-error" errors={error ? [error] : null} />
      <div>
        <SubmitButton name="intent" value="create-token" pendingText="Creating…">
          Create token
        </SubmitButton>
      </div>
    </Form>
  );
}
