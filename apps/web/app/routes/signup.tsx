import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/** The addresses people type for signing up lead to the sign-up page, keeping the query. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/register${new URL(request.url).search}`, 301);
}
