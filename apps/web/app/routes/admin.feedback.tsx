import type { MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { adminLoader, adminAction } from '~/.server/auth';
import { redirectAfter } from '~/.server/toast';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { EmptyState } from '~/components/ui/empty-state';
import { buttonClasses } from '~/components/ui/button';
import { PageBody } from '~/components/layout/page-body';
import { CardStack } from '~/components/ui/card-stack';
import { Badge } from '~/components/admin/admin-list-parts';
import { utcMinute } from '~/utils/utc-time';

export const meta: MetaFunction = () => [{ title: 'Feedback · Admin · Parkside' }];

export const loader = adminLoader(async (api) => ({ feedback: await api.feedback.list() }));

export const action = adminAction((api, form) =>
  redirectAfter('/admin/feedback', async () => {
    await api.feedback.resolve({ id: String(form.get('id') ?? '') });
    return { type: 'success', title: 'Marked as resolved.' };
  }),
);

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
        <CardStack items={feedback} keyOf={(item) => item.id} className="mt-8" card>
          {(item) => (
            <article aria-label={`Feedback from ${item.userName}`}>
              <header className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <p className="text-ink font-semibold">
                  {item.userName}
                  {item.email ? (
                    <span className="font-normal text-slate-600"> · {item.email}</span>
                  ) : null}
                </p>
                <time dateTime={item.createdAt} className="text-slate-600">
                  {utcMinute.format(new Date(item.createdAt))}
                </time>
              </header>
              <p className="mt-3 whitespace-pre-wrap text-slate-800">{item.feedbackText}</p>
              <footer className="mt-4 flex items-center justify-between gap-3">
                {item.status === 'resolved' ? (
                  <Badge tone="brand">Resolved</Badge>
                ) : (
                  <Badge tone="amber">New</Badge>
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
          )}
        </CardStack>
      )}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
