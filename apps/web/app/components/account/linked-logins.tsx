import { Form } from '@remix-run/react';
import { IntentForm } from '~/components/forms/intent-form';

interface Provider {
  id: string;
  label: string;
}

export function LinkedLogins({
  providers,
  linked,
}: {
  providers: Provider[];
  linked: { provider: string; email: string | null }[];
}) {
  if (providers.length === 0 && linked.length === 0) {
    return <p className="text-sm text-slate-600">No social logins are available on this site.</p>;
  }
  const ids = new Set([...providers.map((p) => p.id), ...linked.map((l) => l.provider)]);
  const labelOf = (id: string) => providers.find((p) => p.id === id)?.label ?? id;
  return (
    <ul className="divide-y divide-slate-200">
      {[...ids].map((id) => {
        const login = linked.find((l) => l.provider === id);
        return (
          <li key={id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold">{labelOf(id)}</p>
              <p className="text-sm text-slate-600">
                {login ? `Linked${login.email ? ` as ${login.email}` : ''}` : 'Not linked'}
              </p>
            </div>
            {login ? (
              <IntentForm
                intent="unlink"
                fields={{ provider: id }}
                variant="secondary"
                pendingText="Removing…"
                aria-label={`Unlink ${labelOf(id)}`}
              >
                Unlink
              </IntentForm>
            ) : (
              <Form method="post" action={`/auth/${id}`}>
                <input type="hidden" name="redirectTo" value="/account-settings" />
                <button
                  type="submit"
                  className="text-brand-800 ring-brand-200 hover:bg-brand-50 rounded-lg px-4 py-2 text-sm font-semibold ring-1"
                  aria-label={`Link ${labelOf(id)}`}
                >
                  Link
                </button>
              </Form>
            )}
          </li>
        );
      })}
    </ul>
  );
}
