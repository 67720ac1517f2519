import { REVIEW_BODY_MAX } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { SubmitButton } from '~/components/forms/submit-button';
import { inputClass, AlertText } from '~/components/forms/field';

export interface ReviewState {
  rating: number | null;
  body: string | null;
  /** Until when the review can still be changed (null before it is written). */
  editableUntil: string | null;
}

/**
 * One side's review of a booking: 1 to 5 stars (a radio group) and optional words, sent with the
 * page's form action (intent `review`). Text is shown back as text.
 */
export function ReviewForm({
  bookingId,
  legend,
  state,
  error,
}: {
  bookingId: string;
  legend: string;
  state: ReviewState;
  error?: string;
}) {
  const [body, setBody] = useState(state.body ?? '');
  const [rating, setRating] = useState(state.rating ?? 0);
  const editing = state.rating !== null;
  const editableUntil = state.editableUntil
    ? new Date(state.editableUntil).toLocaleDateString('en-US', { month: 'long', day: 'numeric' })
    : null;
  return (
    <Form
      method="post"
      aria-label={legend}
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <fieldset>
        <legend className="font-semibold">{legend}</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={n}
                defaultChecked={state.rating === n}
                onChange={() => setRating(n)}
                required
                // Over the star it stands for: a tap on the star is a tap on the radio.
                className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
              />
              <span
                aria-hidden="true"
                className={`block rounded px-0.5 text-3xl leading-none peer-checked:text-amber-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-slate-900 ${n <= rating ? 'text-amber-600' : 'text-slate-400'}`}
              >
                ★
              </span>
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`review-${bookingId}`} className="font-semibold">
        In a few words <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <textarea
        id={`review-${bookingId}`}
        name="body"
        rows={3}
        maxLength={REVIEW_BODY_MAX}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        className={inputClass}
      />
      {body.length > REVIEW_BODY_MAX - 200 ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {REVIEW_BODY_MAX - body.length} characters left
        </p>
      ) : null}
      <AlertText>{error}</AlertText>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">
          {editing ? 'Update review' : 'Post review'}
        </SubmitButton>
        {editing && editableUntil ? (
          <span className="text-sm text-slate-600">You can change it until {editableUntil}.</span>
        ) : null}
      </div>
    </Form>
  );
}
