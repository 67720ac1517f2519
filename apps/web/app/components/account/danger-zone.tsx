import { DELETE_ACCOUNT_CONFIRMATION } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { ErrorList, inputClass } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';

export function SignOutEverywhere() {
  return (
    <Form method="post" className="flex flex-col items-start gap-3">
      <p className="text-sm text-slate-700">
        Signs out every browser and phone, this one included.
      </p>
      <SubmitButton
        name="intent"
        value="sign-out-everywhere"
        variant="secondary"
        pendingText="Signing out…"
      >
        Sign out everywhere
      </SubmitButton>
    </Form>
  );
}

export function DeleteAccount({ errors }: { errors?: string[] }) {
  return (
    <Form method="post" className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        This deletes your profile, your logins and your listings for good. Bookings you made stay in
        the hosts&apos; records without your name or contact details.
      </p>
      <label htmlFor="delete-confirm" className="text-sm font-semibold text-slate-800">
        Type {DELETE_ACCOUNT_CONFIRMATION} to confirm
      </label>
      <input
        id="delete-confirm"
        name="confirm"
        autoComplete="off"
        className={`${inputClass} max-w-xs`}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? 'delete-confirm-error' : undefined}
      />
      <ErrorList id="delete-confirm-error" errors={errors} />
      <div>
        <SubmitButton name="intent" value="delete-account" variant="danger" pendingText="Deleting…">
          Delete my account
        </SubmitButton>
      </div>
    </Form>
  );
}
