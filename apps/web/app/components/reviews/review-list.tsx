import { formatEventDate } from '~/utils/event-time';

export interface ReviewView {
  rating: number;
  body: string;
  createdAt: string;
  authorFirstName: string;
}

/** Drivers' latest reviews of a driveway: stars, words, who and when. */
export function ReviewList({ reviews, timeZone }: { reviews: ReviewView[]; timeZone: string }) {
  if (reviews.length === 0) {
    return <p className="text-sm text-slate-600">No driver has reviewed this driveway yet.</p>;
  }
  return (
    <ul className="flex flex-col gap-4">
      {reviews.map((review) => (
        <li key={`${review.createdAt}-${review.authorFirstName}`}>
          <p className="text-sm font-semibold">
            <span aria-hidden="true" className="text-amber-600">
              {'★'.repeat(review.rating)}
              <span className="text-slate-300">{'★'.repeat(5 - review.rating)}</span>
            </span>
            <span className="sr-only">{review.rating} out of 5 stars</span>
            <span className="ml-2">{review.authorFirstName}</span>
            <span className="font-normal text-slate-600">
              {' '}
              · {formatEventDate(review.createdAt, timeZone)}
            </span>
          </p>
          {review.body ? <p className="mt-1 text-slate-700">{review.body}</p> : null}
        </li>
      ))}
    </ul>
  );
}
