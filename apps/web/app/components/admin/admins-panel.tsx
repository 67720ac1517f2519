import type { ApiCaller } from '@parkside/api';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { InputRow } from '~/components/forms/plain-rows';
import { SubmitButton } from '~/components/forms/submit-button';
import { buttonClasses } from '~/components/ui/button';

type Admin = Awaited<ReturnType<ApiCaller['admin']['admins']>>[number];

/**
 * The admins, kept by e-mail: a form to grant one and a revoke button on each row (never for
 * the last one). Posts to the users page's action.
 */
export function AdminsPanel({ admins }: { admins: Admin[] }) {
  const emailId = useId();
  const navigation = useNavigation();
  const revoking =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'revoke'
      ? navigation.formData.get('email')
      : null;
  return (
    <section
      aria-labelledby="admins-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="admins-heading" className="text-ink font-bold">
        Admins
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Admins are kept by e-mail: an e-mail nobody has signed up with yet becomes an admin when
        someone does. The last admin cannot be revoked.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <InputRow
          id={emailId}
          label="E-mail to make an admin"
          rowClassName="w-full min-w-0 sm:w-auto sm:flex-1"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="off"
        />
        <SubmitButton name="intent" value="grant" pendingText="Granting…">
          Grant admin
        </SubmitButton>
      </Form>
      <ul className="mt-4 divide-y divide-slate-100">
        {admins.map((admin) => (
          <li key={admin.email} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="text-ink font-semibold break-all">{admin.email}</p>
              <p className="text-sm text-slate-600">
                {admin.userId ? (
                  <Link to={`/admin/users/${admin.userId}`} className="hover:underline">
                    {admin.name}
                  </Link>
                ) : (
                  'No account yet'
                )}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="email" value={admin.email} />
              <button
                type="submit"
                name="intent"
                value="revoke"
                disabled={revoking === admin.email || admins.length === 1}
                title={admins.length === 1 ? 'The last admin cannot be revoked.' : undefined}
                className={buttonClasses({ variant: 'danger', size: 'sm' })}
                aria-label={`Revoke admin from ${admin.email}`}
              >
                {revoking === admin.email ? 'Revoking…' : 'Revoke'}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
