import { redirect } from '@remix-run/node';

/** Any path without a page of its own goes to the event search. */
export function loader() {
  return redirect('/');
}

export function action() {
  return redirect('/');
}
