import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { requireUser } from '~/.server/auth';
import { accountSettingsAction } from '~/.server/account-settings';
import { providerList } from '~/.server/forms';
import { DeleteAccount, SignOutEverywhere } from '~/components/account/danger-zone';
import { LinkedLogins } from '~/components/account/linked-logins';
import { PasswordForm } from '~/components/account/password-form';
import { ProfileForm } from '~/components/account/profile-form';
import { ProfileImage } from '~/components/account/profile-image';
import { Section } from '~/components/ui/section';
import { SubmitButton } from '~/components/forms/submit-button';
import { ApiTokenForm, CreatedToken } from '~/components/api-tokens/api-token-form';
import { ApiTokenList } from '~/components/api-tokens/api-token-list';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction = () => [{ title: 'Account Settings · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  const [account, methods] = await Promise.all([
    context.api.account.me(),
    context.api.account.signInMethods(),
  ]);
  const tokens = account.emailVerified ? await context.api.apiToken.mine() : [];
  return { account, methods, tokens, providers: providerList(context.oauth) };
}

export const action = (args: ActionFunctionArgs) => accountSettingsAction(args);

export default function AccountSettingsPage() {
  const { account, methods, tokens, providers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) =>
    actionData?.intent === intent ? (actionData.result ?? undefined) : undefined;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Account Settings</h1>
        <p className="mt-1 text-slate-600">
          {account.email} ·{' '}
          {account.emailVerified ? (
            <span className="text-brand-800 font-semibold">Email verified</span>
          ) : (
            <span className="font-semibold text-amber-800">Email not verified yet</span>
          )}
        </p>
      </header>

      <Section
        size="roomy"
        title="Profile"
        description="Your name is shown to hosts and drivers you book with."
      >
        <ProfileForm account={account} lastResult={resultFor('profile')} />
      </Section>

      <Section
        size="roomy"
        title="Profile image"
        description="Shown to hosts and drivers next to your name."
      >
        <ProfileImage userId={account.id} url={account.profileImageUrl} />
      </Section>

      <Section size="roomy" title="Password">
        <PasswordForm hasPassword={methods.hasPassword} lastResult={resultFor('password')} />
      </Section>

      <Section
        size="roomy"
        title="Linked social accounts"
        description="Sign in with any of these instead of your password."
      >
        <LinkedLogins providers={providers} linked={methods.logins} />
      </Section>

      <Section size="roomy" title="Hosting">
        {account.isHost ? (
          <p className="text-sm text-slate-700">
            You are a host: you can list your driveway for events near you.
          </p>
        ) : (
          <Form method="post" className="flex flex-col items-start gap-3">
            <p className="text-sm text-slate-700">
              Earn money from your driveway on event days. You choose the events and the price.
            </p>
            <SubmitButton name="intent" value="become-host" pendingText="Saving…">
              Become a host
            </SubmitButton>
          </Form>
        )}
      </Section>

      <Section
        id="api-tokens"
        size="roomy"
        title="API tokens"
        description="For your own scripts and tools: a token calls the Parkside API as you, limited to the scopes you give it."
      >
        {account.emailVerified ? (
          <div className="flex flex-col gap-6">
            {actionData && 'token' in actionData && actionData.token.created ? (
              <CreatedToken token={actionData.token.created} />
            ) : null}
            <ApiTokenForm
              isAdmin={false}
              state={actionData && 'token' in actionData ? actionData.token : null}
            />
            <div>
              <h3 className="text-base font-bold">Your tokens</h3>
              <ApiTokenList tokens={tokens} />
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-700">Verify your e-mail address to create API tokens.</p>
        )}
      </Section>

      <Section size="roomy" title="Signed-in devices">
        <SignOutEverywhere />
      </Section>

      <Section size="roomy" title="Delete account">
        <DeleteAccount
          errors={
            actionData?.intent === 'delete-account'
              ? (actionData.result?.error?.confirm ?? undefined)
              : undefined
          }
        />
      </Section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
