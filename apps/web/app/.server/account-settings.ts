import { parseWithZod } from '@conform-to/zod/v4';
import { publicMessageOf } from '@parkside/api/errors';
import type { OAuthProviderId } from '@parkside/auth';
import { changePasswordInput, deleteAccountInput, profileInput } from '@parkside/validators';
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { apiTokenAction } from './api-tokens';
import { requireUser } from './auth';
import { refuseForm } from './forms';
import { redirectWithToast } from './toast';

const done = (title: string, cookies: (string | null)[] = []) =>
  redirectWithToast('/account-settings', { type: 'success', title }, cookies);

/**
 * Every form of /account-settings posts here, told apart by `intent`: the profile, its image,
 * the password, linked logins, hosting, API tokens, signing out everywhere, deleting the account.
 */
export async function accountSettingsAction({ request, context }: ActionFunctionArgs) {
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
      const submission = parseWithZod(formData, { schema: profileInput });
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
      const submission = parseWithZod(formData, { schema: changePasswordInput });
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
      const submission = parseWithZod(formData, { schema: deleteAccountInput });
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
