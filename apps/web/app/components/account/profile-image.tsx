import { useFetcher } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { ImageUpload } from '~/components/uploads/image-upload';

/** The profile image: upload under users/{id}/, then save it on the profile. */
export function ProfileImage({ userId, url }: { userId: string; url: string | null }) {
  const fetcher = useFetcher();
  const saving = fetcher.state !== 'idle';
  return (
    <div className="flex flex-col gap-4">
      <ImageUpload
        folder={`users/${userId}`}
        label="Choose a new profile image"
        currentUrl={url}
        previewAlt="Your profile image"
        disabled={saving}
        onUploaded={(image) =>
          fetcher.submit({ intent: 'profile-image', url: image.url }, { method: 'post' })
        }
      />
      {url ? (
        <fetcher.Form method="post">
          <input type="hidden" name="url" value="" />
          <button
            type="submit"
            name="intent"
            value="profile-image"
            disabled={saving}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {saving ? 'Saving…' : 'Remove profile image'}
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
