import type { MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { adminLoader, adminAction } from '~/.server/auth';
import { redirectAfter } from '~/.server/toast';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { EmptyState } from '~/components/ui/empty-state';
import { buttonClasses } from '~/components/ui/button';
import { PageBody } from '~/components/layout/page-body';

export const meta: MetaFunction = () => [{ title: 'Feedback · Admin · Parkside' }];

export const loader = adminLoader(async (api) => ({ feedback: await api.feedback.list() }));

export const action = adminAction((api, form) =>
  redirectAfter('/admin/feedback', async () => {
    await api.feedback.resolve({ id: String(form.get('id') ?? '') });
    return { type: 'success', title: 'Marked as resolved.' };
  }),
);

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export default function AdminFeedback() {
  const { feedback } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const resolving = navigation.state === 'submitting' ? navigation.formData?.get('id') : null;
  return (
    <PageBody width="4xl">
      <AdminPageHeader title="Feedback">
        Everything people sent, newest first. Times in UTC.
      </AdminPageHeader>
      {feedback.length === 0 ? (
        <EmptyState title="No feedback yet." className="mt-8" />
      ) : (
        <ol className="mt-8 flex flex-col gap-4">
          {feedback.map((item) => (
            <li key={item.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <article aria-label={`Feedback from ${item.userName}`}>
                <header className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <p className="text-ink font-semibold">
                    {item.userName}
                    {item.email ? (
                      <span className="font-normal text-slate-600"> · {item.email}</span>
                    ) : null}
                  </p>
                  <time dateTime={item.createdAt} className="text-slate-600">
                    {when.format(new Date(item.createdAt))}
                  </time>
                </header>
                <p className="mt-3 whitespace-pre-wrap text-slate-800">{item.feedbackText}</p>
                <footer className="mt-4 flex items-center justify-between gap-3">
                  {item.status === 'resolved' ? (
                    <span className="bg-brand-50 text-brand-800 rounded-full px-3 py-1 text-xs font-bold">
                      Resolved
                    </span>
                  ) : (
                    <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">
                      New
                    </span>
                  )}
                  {item.status === 'new' ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={item.id} />
                      <button
                        type="submit"
                        disabled={resolving === item.id}
                        className={buttonClasses({ variant: 'outline', size: 'sm' })}
                      >
                        {resolving === item.id ? 'Saving…' : 'Mark resolved'}
                      </button>
                    </Form>
                  ) : null}
                </footer>
              </article>
            </li>
          ))}
        </ol>
      )}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
