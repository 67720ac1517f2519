import { formState } from './form-state';
import { Disclosure, ListingTermsForm, type ListingFormProps } from './host-forms';

/** Where "Fix and send again" takes the host: the listing's fix form, opened. */
export const fixAnchor = (listingId: string) => `fix-${listingId}`;

/**
 * A listing an admin did not approve: the reason above its terms, and "Send for review again"
 * (decision 060). The driveway's own details (photos, description, address) are fixed in its
 * "Edit driveway" form; the admin sees what changed either way.
 */
export function FixListingForm({
  listing,
  capacity,
  terms,
  near,
  failure,
  open,
}: ListingFormProps & { open: boolean }) {
  const state = formState(failure, 'send-listing-again', listing.id);
  return (
    <Disclosure id={fixAnchor(listing.id)} summary="Fix and send again" open={open || state.failed}>
      <ListingTermsForm
        {...{ listing, capacity, terms, near, state }}
        intent="send-listing-again"
        submit="Send for review again"
        pendingText="Sending…"
        above={
          <>
            <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">Why it was not approved</p>
              <p>{listing.reviewReason ?? 'No reason was given.'}</p>
            </div>
            <p className="text-sm text-slate-600">
              Change what the reason asks for: the price, spaces and times here, the photos,
              description and address under “Edit driveway” above. Then send it again: we check it,
              usually within a day, and tell you by e-mail.
            </p>
          </>
        }
      />
    </Disclosure>
  );
}
