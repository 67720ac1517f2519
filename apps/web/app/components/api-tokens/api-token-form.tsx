import {
  API_TOKEN_DEFAULT_RATE_LIMIT,
  API_TOKEN_MAX_RATE_LIMIT,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
} from '@parkside/validators';
import { Form } from '@remix-run/react';
import { ErrorList, inputClass } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { FormRow } from '~/components/ui/form-row';

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
    <div role="status" className="bg-brand-50 ring-brand-200 rounded-2xl p-5 ring-1">
      <p className="font-semibold">
        Token “{token.name}” created. Copy it now: it is shown only once.
      </p>
      <p
        data-testid="token-secret"
        className="mt-2 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-slate-200"
      >
        {token.secret}
      </p>
    </div>
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
      <FormRow htmlFor="token-name" label="Name">
        <input
          id="token-name"
          name="name"
          required
          maxLength={60}
          defaultValue={sent?.name ?? ''}
          placeholder="Season import"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'token-error' : undefined}
          className={inputClass}
        />
      </FormRow>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">Scopes</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {scopes.map((scope) => (
            <label
              key={scope}
              htmlFor={`token-scope-${scope}`}
              className="flex flex-wrap items-center gap-x-2 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:bg-slate-50"
            >
              <input
                id={`token-scope-${scope}`}
                type="checkbox"
                name="scopes"
                value={scope}
                defaultChecked={chosen.has(scope)}
                className="accent-brand-700 size-4"
              />
              <span className="font-mono text-sm font-semibold">{scope}</span>
              <span className="basis-full pl-6 text-sm text-slate-600">
                {API_TOKEN_SCOPE_LABELS[scope]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormRow htmlFor="token-expiry" label="Expires">
          <select
            id="token-expiry"
            name="expiresInDays"
            defaultValue={sent?.expiresInDays ?? 90}
            className={inputClass}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.days} value={choice.days}>
                In {choice.label}
              </option>
            ))}
            <option value="">Never (until revoked)</option>
          </select>
        </FormRow>
        <FormRow htmlFor="token-limit" label="Calls a minute">
          <input
            id="token-limit"
            name="rateLimitPerMinute"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxLimit}
            defaultValue={sent?.rateLimitPerMinute ?? API_TOKEN_DEFAULT_RATE_LIMIT}
            aria-describedby="token-limit-hint"
            className={inputClass}
          />
          <p id="token-limit-hint" className="text-sm text-slate-600">
            At most {maxLimit.toLocaleString('en-US')}.
          </p>
        </FormRow>
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
