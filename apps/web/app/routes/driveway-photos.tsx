import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireVerifiedUser } from '~/.server/auth';

/**
 * Driveway photos are managed with each driveway on /my-listings; this address, once a page of
 * its own, stays for old links and bookmarks (with the same guard).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return redirect('/my-listings');
}

/** Never shown (the loader always redirects); it makes this a page, so a refused guard renders. */
export default function DrivewayPhotos() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
