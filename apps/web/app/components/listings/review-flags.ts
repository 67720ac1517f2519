import type { LISTING_REVIEW_FLAGS } from '@parkside/db';

export type ReviewFlag = (typeof LISTING_REVIEW_FLAGS)[number];

/** Why a listing waits for review, as the admin and the host read it. */
export const REVIEW_FLAG_LABELS: Record<ReviewFlag, string> = {
  first_listing: 'A new host’s first listing',
  no_photos: 'No photos',
  far_from_venue: 'More than 3 miles from the venue',
  high_price: 'Price above 3× what driveways nearby ask',
  address_listed_by_another_host: 'Address already listed by another host',
  host_reported: 'Two drivers could not park at this host’s driveways in 90 days',
};

/** "No photos, more than 3 miles from the venue": the flags in one sentence. */
export function reviewFlagsSentence(flags: readonly ReviewFlag[]): string {
  const text = flags.map((flag, i) => {
    const label = REVIEW_FLAG_LABELS[flag];
    return i === 0 ? label : label.charAt(0).toLowerCase() + label.slice(1);
  });
  return text.join(', ');
}
