import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction = () => [{ title: 'Outbox (development) · Parkside' }];

/** Development only: the e-mail the site would have sent. This file is left out of builds. */
export function loader({ context }: LoaderFunctionArgs) {
  if (!context.outbox) throw redirect('/');
  return {
    emails: context.outbox
      .list()
      .map((email) => ({ ...email, sentAt: email.sentAt.toISOString() })),
  };
}

export default function DevOutbox() {
  const { emails } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-extrabold">Outbox</h1>
      <p className="mt-1 text-slate-600">
        Mail sent by this development server, newest first. Links work.
      </p>
      {emails.length === 0 ? (
        <EmptyState title="No mail yet." className="mt-6" />
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {emails.map((email) => (
            <li key={email.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm text-slate-500">
                To {email.to} ·{' '}
                <time dateTime={email.sentAt}>
                  {new Date(email.sentAt).toLocaleString('en-US')}
                </time>
              </p>
              <h2 className="mt-1 font-bold">{email.subject}</h2>
              <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap text-slate-800">
                {email.text}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
