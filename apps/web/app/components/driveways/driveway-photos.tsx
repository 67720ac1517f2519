import { MAX_DRIVEWAY_PHOTOS } from '@parkside/validators';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import type { HostFormFailure } from '~/components/host/form-state';
import { ImageUpload } from '~/components/uploads/image-upload';
import { AlertText } from '~/components/forms/field';

export interface PhotoDriveway {
  id: string;
  title: string;
  photos: string[];
}

const HINT = `JPEG, PNG or WebP, up to 5 MB each; at most ${MAX_DRIVEWAY_PHOTOS} photos.`;

function PhotoGrid({
  title,
  photos,
  renderRemove,
}: {
  title: string;
  photos: string[];
  renderRemove: (url: string, index: number) => React.ReactNode;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos">
      {photos.map((url, i) => (
        <li key={url} className="flex flex-col items-start gap-1.5">
          <img
            src={url}
            alt={`${title}, view ${i + 1}`}
            className="aspect-[4/3] w-full rounded-lg bg-slate-200 object-cover ring-1 ring-slate-200"
          />
          {renderRemove(url, i)}
        </li>
      ))}
    </ul>
  );
}

const removeClass =
  'text-sm font-semibold text-red-700 hover:underline disabled:opacity-60 disabled:hover:no-underline';

/**
 * A saved driveway's photos on /my-listings: the ones it shows, each removable, and an upload
 * (under `driveways/{id}/`) that adds one. Posts `intent=attach-photo|remove-photo` to the page.
 */
export function DrivewayPhotos({ driveway }: { driveway: PhotoDriveway }) {
  const fetcher = useFetcher<HostFormFailure>();
  const saving = fetcher.state !== 'idle';
  const refused = fetcher.state === 'idle' ? fetcher.data?.result.error?.[''] : undefined;
  const full = driveway.photos.length >= MAX_DRIVEWAY_PHOTOS;
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 className="text-base font-bold">Photos</h3>
      {driveway.photos.length ? (
        <PhotoGrid
          title={driveway.title}
          photos={driveway.photos}
          renderRemove={(url, i) => (
            <fetcher.Form method="post">
              <input type="hidden" name="drivewayId" value={driveway.id} />
              <input type="hidden" name="url" value={url} />
              <button
                type="submit"
                name="intent"
                value="remove-photo"
                disabled={saving}
                aria-label={`Remove photo ${i + 1} of ${driveway.title}`}
                className={removeClass}
              >
                Remove
              </button>
            </fetcher.Form>
          )}
        />
      ) : (
        <p className="text-sm text-slate-600">
          No photos yet. Drivers book sooner when they can see where they will park.
        </p>
      )}
      <AlertText>{refused?.join(' ')}</AlertText>
      {full ? (
        <p className="text-sm text-slate-600">
          This driveway shows the most photos it can ({MAX_DRIVEWAY_PHOTOS}). Remove one to add
          another.
        </p>
      ) : (
        <ImageUpload
          folder={`driveways/${driveway.id}`}
          label={`Add a photo of ${driveway.title}`}
          hint={HINT}
          disabled={saving}
          keepPreview={false}
          onUploaded={(image) =>
            fetcher.submit(
              { intent: 'attach-photo', drivewayId: driveway.id, url: image.url },
              { method: 'post' },
            )
          }
        />
      )}
    </div>
  );
}

/**
 * Photos picked while registering a driveway, before it exists: uploaded under the host's own
 * `users/{id}/` folder, carried as hidden `photos` inputs, and attached once the form is saved.
 */
export function NewDrivewayPhotos({
  userId,
  initial = [],
}: {
  userId: string;
  initial?: string[];
}) {
  const [photos, setPhotos] = useState<string[]>(initial);
  const full = photos.length >= MAX_DRIVEWAY_PHOTOS;
  return (
    <div className="flex flex-col gap-4">
      {photos.length ? (
        <PhotoGrid
          title="Your driveway"
          photos={photos}
          renderRemove={(url, i) => (
            <>
              <input type="hidden" name="photos" value={url} />
              <button
                type="button"
                onClick={() => setPhotos((all) => all.filter((other) => other !== url))}
                aria-label={`Remove photo ${i + 1}`}
                className={removeClass}
              >
                Remove
              </button>
            </>
          )}
        />
      ) : null}
      {full ? (
        <p className="text-sm text-slate-600">
          That is the most photos a driveway shows ({MAX_DRIVEWAY_PHOTOS}).
        </p>
      ) : (
        <ImageUpload
          folder={`users/${userId}`}
          label="Add a photo of your driveway"
          hint={HINT}
          keepPreview={false}
          onUploaded={(image) =>
            setPhotos((all) => (all.includes(image.url) ? all : [...all, image.url]))
          }
        />
      )}
    </div>
  );
}
