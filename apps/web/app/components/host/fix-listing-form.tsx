import { Form } from '@remix-run/react';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { formState } from './form-state';
import { Disclosure, ListingTermInputs, type ListingFormProps } from './host-forms';

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
      <Form method="post" className="flex flex-col gap-4">
        <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">Why it was not approved</p>
          <p>{listing.reviewReason ?? 'No reason was given.'}</p>
        </div>
        <p className="text-sm text-slate-600">
          Change what the reason asks for: the price, spaces and times here, the photos, description
          and address under “Edit driveway” above. Then send it again: we check it, usually within a
          day, and tell you by e-mail.
        </p>
        <FormError errors={state.formErrors} />
        <input type="hidden" name="listingId" value={listing.id} />
        <ListingTermInputs
          listing={listing}
          capacity={capacity}
          terms={terms}
          near={near}
          state={state}
          prefix={`fix-${listing.id}`}
        />
        <SubmitButton
          name="intent"
          value="send-listing-again"
          pendingText="Sending…"
          className="self-start"
        >
          Send for review again
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}
