import { publicMessageOf } from '@parkside/api/errors';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { redirectWithToast } from '~/.server/toast';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { FailedJobsSection, QueueSection, ServersSection } from '~/components/admin/system-parts';
import { Section } from '~/components/ui/section';

export const meta: MetaFunction = () => [{ title: 'System · Admin · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return context.api.admin.system();
}

/** Retry or discard a failed job (audit-logged by the API). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireAdmin(context, request);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const retry = form.get('intent') === 'retry';
  try {
    const job = retry
      ? await context.api.admin.retryJob({ id })
      : await context.api.admin.discardJob({ id });
    return redirectWithToast('/admin/system', {
      type: 'success',
      title: retry ? `Job #${job.id} runs again.` : `Job #${job.id} discarded.`,
    });
  } catch (error) {
    return redirectWithToast('/admin/system', { type: 'error', title: publicMessageOf(error) });
  }
}

export default function AdminSystem() {
  const { servers, queue, failed, migrations } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader title="System">
        The servers running, the background jobs and the database’s migrations.
      </AdminPageHeader>
      <div className="mt-8 flex flex-col gap-6">
        <ServersSection servers={servers} />
        <FailedJobsSection failed={failed} />
        <QueueSection queue={queue} />
        <Section title="Database">
          <p className="text-sm text-slate-700">
            {migrations.applied} migrations applied; the latest is{' '}
            <span className="font-mono">{migrations.latest ?? 'none'}</span>.
            {migrations.pending.length > 0
              ? ` Not applied yet: ${migrations.pending.join(', ')}.`
              : ' Nothing waits to be applied.'}
          </p>
        </Section>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
