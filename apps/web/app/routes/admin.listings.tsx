import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { adminLoader, adminAction } from '~/.server/auth';
import { redirectAfter } from '~/.server/toast';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { ListingReviewCard } from '~/components/admin/listing-review-card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageBody } from '~/components/layout/page-body';
import { CardStack } from '~/components/ui/card-stack';

export const meta: MetaFunction = () => [{ title: 'Listing review · Admin · Parkside' }];

export const loader = adminLoader((api) => api.admin.listingQueue());

/** Approve, or reject with a reason; the host is e-mailed either way. */
export const action = adminAction((api, form) => {
  const listingId = String(form.get('listingId') ?? '');
  const decision = form.get('decision') === 'rejected' ? 'rejected' : 'approved';
  return redirectAfter('/admin/listings', async () => {
    await api.admin.decideListing(
      decision === 'rejected'
        ? { listingId, decision, reason: String(form.get('reason') ?? '') }
        : { listingId, decision },
    );
    return {
      type: 'success',
      title:
        decision === 'approved'
          ? 'Approved: drivers can book it now.'
          : 'Rejected. The host was e-mailed the reason.',
    };
  });
});

export default function AdminListings() {
  const { listings, total } = useLoaderData<typeof loader>();
  return (
    <PageBody width="5xl">
      <AdminPageHeader title="Listing review">
        A new host’s first listing and flagged listings wait here, oldest first, until you approve
        or reject them. Drivers do not see them meanwhile.
      </AdminPageHeader>
      {listings.length === 0 ? (
        <EmptyState title="Nothing waits for review." className="mt-8">
          New listings that need a look appear here.
        </EmptyState>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-700" aria-live="polite">
            {total === 1 ? '1 listing waits.' : `${total} listings wait.`}
            {total > listings.length ? ` The oldest ${listings.length} are shown.` : ''}
          </p>
          <CardStack items={listings} keyOf={(l) => l.id} className="mt-4" spacious>
            {(listing) => <ListingReviewCard listing={listing} />}
          </CardStack>
        </>
      )}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
