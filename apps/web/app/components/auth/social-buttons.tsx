import { Form } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';

export interface SocialProvider {
  id: string;
  label: string;
}

/** One "Continue with …" button per configured provider; each starts the OAuth redirect. */
export function SocialButtons({
  providers,
  redirectTo,
}: {
  providers: SocialProvider[];
  redirectTo?: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <Form key={provider.id} method="post" action={`/auth/${provider.id}`}>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <button
            type="submit"
            className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
          >
            Continue with {provider.label}
          </button>
        </Form>
      ))}
    </div>
  );
}
