import { useNavigation } from '@remix-run/react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClasses } from '~/components/ui/button';

/**
 * A submit button that shows `pendingText` and stays disabled while its own form is being sent
 * (matched by the form's action and the button's intent), or while `busy` when the caller knows
 * better (a fetcher's form, one form of several on a page).
 */
export function SubmitButton({
  children,
  pendingText,
  variant = 'primary',
  className = '',
  formAction,
  busy,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  children: ReactNode;
  pendingText: ReactNode;
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
}) {
  const navigation = useNavigation();
  const intent = typeof props.value === 'string' ? props.value : undefined;
  const pending =
    busy ??
    (navigation.state === 'submitting' &&
      (formAction ? navigation.formAction === formAction : true) &&
      (intent === undefined || navigation.formData?.get(props.name ?? 'intent') === intent));
  const classes =
    variant === 'danger'
      ? `inline-flex h-11 items-center justify-center rounded-lg bg-red-700 px-5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 ${className}`
      : buttonClasses({ variant, className });
  return (
    <button
      type="submit"
      {...props}
      formAction={formAction}
      disabled={pending || props.disabled}
      aria-disabled={pending || undefined}
      className={classes}
    >
      {pending ? pendingText : children}
    </button>
  );
}
