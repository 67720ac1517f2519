import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { frameUser } from './.server/frame-user';
import { readToast } from './.server/toast';
import { VerifyEmailBanner } from './components/auth/verify-email-banner';
import { FeedbackButton } from './components/feedback/feedback-button';
import { KeptDataScript } from './components/layout/kept-part';
import { SessionCheck } from './components/layout/session-check';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { RouteErrorBoundary } from './components/errors/error-screens';
import { OFFLINE_PAGE } from './offline/names';
import { ToastList, ToastProvider } from './components/ui/toaster';
import stylesheet from './styles/app.css?url';
import { useNonce } from './utils/nonce';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable (decision 042): the manifest, and the icon iOS puts on the home screen.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

export const meta: MetaFunction = () => [
  { title: 'Parkside: parking for events' },
  {
    name: 'description',
    content: 'Book a private driveway near the game, concert or festival you are going to.',
  },
];

/**
 * Every page's frame: the toast, and who is signed in as the header shows them. The session's
 * user was read with the session (one statement per request), so nothing more is asked of the
 * database here; the rest of the account (phone, address) stays off pages that do not show it.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, setCookie } = readToast(request);
  const user = context.session ? frameUser(context.session.user) : null;
  // Whether mail can leave: the unverified see a resend button only where it can.
  const mailWorks = context.mailWorks;
  return data(
    { user, toast, mailWorks },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>('root');
  const user = rootData?.user ?? null;
  // Feedback needs the network; the offline page has nothing to send it with.
  const offlinePage = useLocation().pathname === OFFLINE_PAGE;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <ToastProvider initial={rootData?.toast ?? null}>
          <SiteHeader user={user} />
          {user && !user.emailVerified ? (
            <VerifyEmailBanner mailWorks={rootData?.mailWorks !== false} />
          ) : null}
          <ToastList />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          {user?.isAdmin || offlinePage ? null : <FeedbackButton />}
          <SessionCheck />
        </ToastProvider>
        <KeptDataScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
