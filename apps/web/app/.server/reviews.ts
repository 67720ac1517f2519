import { reviewFormInput } from '@parkside/validators';
import type { AppLoadContext } from '@remix-run/node';
import { redirectAfter, redirectWithToast } from './toast';

/**
 * A review form posted from /my-bookings (the driver's) or /my-listings (the host's): saved, then
 * back to `page` with a toast that thanks or says what to fix.
 */
export async function saveReviewForm(context: AppLoadContext, form: FormData, page: string) {
  const parsed = reviewFormInput.safeParse({
    bookingId: String(form.get('bookingId') ?? ''),
    rating: form.get('rating') ?? undefined,
    body: String(form.get('body') ?? ''),
  });
  if (!parsed.success) {
    return redirectWithToast(page, {
      type: 'error',
      title: parsed.error.issues[0]?.message ?? 'Check your review.',
    });
  }
  return redirectAfter(page, async () => {
    await context.api.review.save(parsed.data);
    return { type: 'success', title: 'Thank you! Your review is posted.' };
  });
}
