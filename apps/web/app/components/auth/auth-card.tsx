import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { SocialButtons, type SocialProvider } from '~/components/auth/social-buttons';
import { FormError } from '~/components/forms/field';

/**
 * The card of the sign-in pages. `other` is the way to the neighbouring page under it
 * ("New to Parkside? Create an account").
 */
export function AuthCard({
  title,
  intro,
  children,
  other,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  other?: { prompt?: string; to: string; label: string };
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {intro ? <div className="mt-2 text-slate-600">{intro}</div> : null}
        <div className="mt-6 flex flex-col gap-5">{children}</div>
      </div>
      {other ? (
        <p className="text-center text-sm text-slate-700">
          {other.prompt ? `${other.prompt} ` : null}
          <Link
            to={other.to}
            className="text-brand-800 font-semibold underline-offset-2 hover:underline"
          >
            {other.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500" role="separator">
      <span className="h-px flex-1 bg-slate-200" />
      {children}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/**
 * /login's and /register's form: the social buttons first (when any are set up), then the
 * e-mail form with its form-level error; both go on to `redirectTo` afterwards.
 */
export function EmailAuthForm<Schema extends Record<string, unknown>>({
  providers,
  redirectTo,
  divider,
  form,
  children,
}: {
  providers: SocialProvider[];
  redirectTo: string;
  /** Between the buttons and the form: "or sign in with email". */
  divider: string;
  form: FormMetadata<Schema, string[]>;
  children: ReactNode;
}) {
  return (
    <>
      <SocialButtons providers={providers} redirectTo={redirectTo || undefined} />
      {providers.length > 0 ? <Divider>{divider}</Divider> : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {children}
      </Form>
    </>
  );
}
