import { startAuthorization, type OAuthProviderId } from '@parkside/auth';
import { safeRedirectPath } from '@parkside/validators';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { oauthFlowCookie } from '~/.server/oauth-flow';
import { redirectWithToast } from '~/.server/toast';

/** "Continue with …": remembers state and PKCE verifier, then sends the browser to the provider. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const provider = context.oauth.get(params.provider as OAuthProviderId);
  const formData = await request.formData();
  const redirectTo = safeRedirectPath(
    formData.get('redirectTo'),
    context.session ? '/account-settings' : '/',
  );
  if (!provider) {
    return redirectWithToast('/login', {
      type: 'error',
      title: 'That sign-in option is not available.',
    });
  }
  try {
    const { url, state, codeVerifier } = await startAuthorization(provider);
    const cookie = oauthFlowCookie(
      {
        provider: provider.id,
        state,
        codeVerifier,
        redirectTo,
        intent: context.session ? 'link' : 'login',
      },
      context.secureCookies,
    );
    return redirect(url.toString(), { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    console.error(`Could not start ${provider.id} sign-in:`, error);
    return redirectWithToast(context.session ? '/account-settings' : '/login', {
      type: 'error',
      title: `${provider.label} sign-in is not reachable right now. Please try again later.`,
    });
  }
}

export function loader() {
  return redirect('/login');
}
