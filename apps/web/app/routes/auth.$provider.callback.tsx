import { publicMessageOf } from '@parkside/api/errors';
import type { OAuthProviderId } from '@parkside/auth';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { clearOAuthFlowCookie, readOAuthFlow } from '~/.server/oauth-flow';
import { redirectWithToast } from '~/.server/toast';

/** The provider sends the browser back here with a code; state and PKCE must match. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const flow = readOAuthFlow(request);
  const clear = clearOAuthFlowCookie(context.secureCookies);
  const provider = context.oauth.get(params.provider as OAuthProviderId);
  const failHome = context.session ? '/account-settings' : '/login';

  if (
    !provider ||
    !flow ||
    flow.provider !== provider.id ||
    url.searchParams.get('state') !== flow.state
  ) {
    return redirectWithToast(
      failHome,
      { type: 'error', title: 'That sign-in link expired. Please try again.' },
      [clear],
    );
  }
  const code = url.searchParams.get('code');
  if (!code) {
    return redirectWithToast(
      failHome,
      { type: 'info', title: `${provider.label} sign-in was cancelled.` },
      [clear],
    );
  }

  let profile;
  try {
    profile = await provider.fetchProfile(code, flow.codeVerifier);
  } catch (error) {
    console.error(`${provider.id} sign-in failed:`, error);
    return redirectWithToast(
      failHome,
      {
        type: 'error',
        title: `We could not sign you in with ${provider.label}. Please try again.`,
      },
      [clear],
    );
  }

  try {
    if (flow.intent === 'link' && context.session) {
      await context.auth.linkSocialAccount(context.session.user, provider.id, profile);
      return redirectWithToast(
        '/account-settings',
        { type: 'success', title: `${provider.label} is now linked to your account.` },
        [clear],
      );
    }
    const issued = await context.auth.socialSignIn(provider.id, profile);
    return redirectWithToast(
      flow.redirectTo,
      { type: 'success', title: `Signed in with ${provider.label}.` },
      [clear, issued.cookie],
    );
  } catch (error) {
    return redirectWithToast(failHome, { type: 'error', title: publicMessageOf(error) }, [clear]);
  }
}
