import { parseWithZod } from '@conform-to/zod/v4';
import { publicMessageOf } from '@parkside/api/errors';
import type { OAuthProviderId } from '@parkside/auth';
import { changePasswordSchema, deleteAccountSchema, profileSchema } from '@parkside/validators';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { requireUser } from '~/.server/auth';
import { providerList, refuseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { DeleteAccount, SignOutEverywhere } from '~/components/account/danger-zone';
import { LinkedLogins } from '~/components/account/linked-logins';
import { PasswordForm } from '~/components/account/password-form';
import { ProfileForm } from '~/components/account/profile-form';
import { ProfileImage } from '~/components/account/profile-image';
import { SettingsSection } from '~/components/account/section';
import { SubmitButton } from '~/components/forms/submit-button';
import { ApiTokenForm, CreatedToken } from '~/components/api-tokens/api-token-form';
import { ApiTokenList } from '~/components/api-tokens/api-token-list';
import { apiTokenAction } from '~/.server/api-tokens';

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

const done = (title: string, cookies: (string | null)[] = []) =>
  redirectWithToast('/account-settings', { type: 'success', title }, cookies);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const tokenResult = await apiTokenAction(context.api, formData, {
    page: '/account-settings#api-tokens',
    anyToken: false,
  });
  if (tokenResult instanceof Response) return tokenResult;
  if (tokenResult)
    return data({ intent, result: null, token: tokenResult }, tokenResult.error ? 400 : 200);

  switch (intent) {
    case 'profile': {
      const submission = parseWithZod(formData, { schema: profileSchema });
      if (submission.status !== 'success')
        return data({ intent, result: submission.reply() }, { status: 400 });
      await context.api.account.updateProfile(submission.value);
      return done('Your profile is saved.');
    }
    case 'profile-image': {
      const url = String(formData.get('url') ?? '');
      try {
        await context.api.storage.setProfileImage({ url: url || null });
      } catch (error) {
        return redirectWithToast('/account-settings', {
          type: 'error',
          title: publicMessageOf(error),
        });
      }
      return done(url ? 'Your profile image is saved.' : 'Your profile image is removed.');
    }
    case 'password': {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      const hide = ['currentPassword', 'newPassword', 'confirmPassword'];
      if (submission.status !== 'success') {
        return data({ intent, result: submission.reply({ hideFields: hide }) }, { status: 400 });
      }
      try {
        const issued = await context.auth.changePassword(
          user,
          submission.value.currentPassword,
          submission.value.newPassword,
        );
        return done('Your password is changed. Other devices were signed out.', [issued.cookie]);
      } catch (error) {
        const refused = refuseForm(submission.reply, error, { hideFields: hide });
        return data({ intent, result: refused.data }, refused.init ?? { status: 400 });
      }
    }
    case 'set-password':
      await context.auth.requestPasswordReset(user.email, { ip: context.clientIp }).catch(() => {});
      return done(`We sent a link to ${user.email} to set your password.`);
    case 'unlink':
      try {
        await context.auth.unlinkSocialAccount(
          user,
          String(formData.get('provider')) as OAuthProviderId,
        );
        return done('That login is no longer linked.');
      } catch (error) {
        return redirectWithToast('/account-settings', {
          type: 'error',
          title: publicMessageOf(error),
        });
      }
    case 'become-host':
      await context.api.account.becomeHost();
      return done('You are now a host. List your driveway for the next big event!');
    case 'sign-out-everywhere': {
      const cookie = await context.auth.signOutEverywhere(user.id);
      return redirectWithToast(
        '/login',
        { type: 'success', title: 'You are signed out on every device.' },
        [cookie],
      );
    }
    case 'delete-account': {
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== 'success')
        return data({ intent, result: submission.reply() }, { status: 400 });
      const cookie = await context.auth.deleteAccount(user.id);
      return redirectWithToast('/', { type: 'success', title: 'Your account has been deleted.' }, [
        cookie,
      ]);
    }
    default:
      return data({ intent, result: null }, { status: 400 });
  }
}

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

      <SettingsSection
        id="profile"
        title="Profile"
        description="Your name is shown to hosts and drivers you book with."
      >
        <ProfileForm account={account} lastResult={resultFor('profile')} />
      </SettingsSection>

      <SettingsSection
        id="profile-image"
        title="Profile image"
        description="Shown to hosts and drivers next to your name."
      >
        <ProfileImage userId={account.id} url={account.profileImageUrl} />
      </SettingsSection>

      <SettingsSection id="password" title="Password">
        <PasswordForm hasPassword={methods.hasPassword} lastResult={resultFor('password')} />
      </SettingsSection>

      <SettingsSection
        id="logins"
        title="Linked social accounts"
        description="Sign in with any of these instead of your password."
      >
        <LinkedLogins providers={providers} linked={methods.logins} />
      </SettingsSection>

      <SettingsSection id="hosting" title="Hosting">
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
      </SettingsSection>

      <SettingsSection
        id="api-tokens"
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
      </SettingsSection>

      <SettingsSection id="sessions" title="Signed-in devices">
        <SignOutEverywhere />
      </SettingsSection>

      <SettingsSection id="delete" title="Delete account">
        <DeleteAccount
          errors={
            actionData?.intent === 'delete-account'
              ? (actionData.result?.error?.confirm ?? undefined)
              : undefined
          }
        />
      </SettingsSection>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
