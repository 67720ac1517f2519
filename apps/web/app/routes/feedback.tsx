import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { refusalHeaders } from '~/.server/forms';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';

/**
 * The feedback dialog posts here and reads JSON back, so a failure stays inside the dialog.
 * Anyone may send; the API validates, rate limits and stores.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await context.api.feedback.send({
      feedbackText: String(form.get('feedbackText') ?? ''),
      website: String(form.get('website') ?? ''),
    });
    return Response.json({ ok: true });
  } catch (error) {
    const status = httpStatusOf(error);
    if (status >= 500) console.error('Feedback could not be stored:', error);
    return Response.json(
      { ok: false, error: publicMessageOf(error) },
      { status, headers: refusalHeaders(error) },
    );
  }
}

export function loader() {
  return redirect('/');
}
