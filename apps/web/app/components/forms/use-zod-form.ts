import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

/**
 * A conform form checked in the browser by the zod schema that the action and the procedure
 * check again: first on blur (or on submit, where a message appearing on blur would move a link
 * under the pointer mid-click), then on every input once a message shows.
 */
export function useZodForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Parameters<typeof useForm<z.input<Schema>>>[0]['defaultValue'];
    constraint?: Parameters<typeof useForm<z.input<Schema>>>[0]['constraint'];
    validateOn?: 'blur' | 'submit';
  },
) {
  const { validateOn = 'blur', ...rest } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...rest,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: validateOn === 'submit' ? 'onSubmit' : 'onBlur',
    shouldRevalidate: 'onInput',
  });
}
