import { Form } from '@remix-run/react';
import type { ComponentProps } from 'react';
import { SubmitButton } from './submit-button';

/** Hidden inputs, one per entry: what a one-button form posts besides its intent. */
export function HiddenFields({ values }: { values: Record<string, string> }) {
  return Object.entries(values).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/**
 * A form of one button (revoke, approve, send again): it posts `intent` to the page's action
 * with the hidden `fields`, and the button reads `pendingText` while that post runs.
 */
export function IntentForm({
  intent,
  fields = {},
  formClassName,
  ...button
}: Omit<ComponentProps<typeof SubmitButton>, 'name' | 'value'> & {
  intent: string;
  fields?: Record<string, string>;
  formClassName?: string;
}) {
  return (
    <Form method="post" className={formClassName}>
      <HiddenFields values={fields} />
      <SubmitButton name="intent" value={intent} {...button} />
    </Form>
  );
}
