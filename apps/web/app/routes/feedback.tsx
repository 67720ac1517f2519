import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';

/** The feedback dialog posts here. Anyone may send; the API validates and rate limits. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await context.api.feedback.send({
      feedbackText: String(form.get('feedbackText') ?? ''),
      website: String(form.get('website') ?? ''),
    });
    return { ok: true as const, error: null };
  } catch (error) {
    const status = httpStatusOf(error);
    if (status >= 500) console.error('Feedback could not be stored:', error);
    return data(
      { ok: false as const, error: status >= 500 ? null : publicMessageOf(error) },
      { status },
    );
  }
}

export function loader() {
  return redirect('/');
}
