import { useFetcher } from '@remix-run/react';
import { ImageUpload } from '~/components/uploads/image-upload';

export interface PhotoDriveway {
  id: string;
  title: string;
  street: string;
  city: string;
  photos: string[];
}

/** One driveway's photos: the ones it shows, and an upload that adds one. */
export function DrivewayPhotos({ driveway }: { driveway: PhotoDriveway }) {
  const fetcher = useFetcher();
  const saving = fetcher.state !== 'idle';
  const headingId = `driveway-${driveway.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {driveway.title}
      </h2>
      <p className="text-sm text-slate-600">
        {driveway.street}, {driveway.city}
      </p>
      {driveway.photos.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos">
          {driveway.photos.map((url, i) => (
            <li key={url} className="flex flex-col gap-1.5">
              <img
                src={url}
                alt={`${driveway.title}, view ${i + 1}`}
                className="aspect-[4/3] w-full rounded-lg bg-slate-200 object-cover"
              />
              <fetcher.Form method="post">
                <input type="hidden" name="drivewayId" value={driveway.id} />
                <input type="hidden" name="url" value={url} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  disabled={saving}
                  aria-label={`Remove photo ${i + 1} of ${driveway.title}`}
                  className="text-sm font-semibold text-red-700 hover:underline disabled:opacity-60"
                >
                  Remove
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          No photos yet. Drivers book sooner when they can see where they will park.
        </p>
      )}
      <div className="mt-5 border-t border-slate-200 pt-5">
        <ImageUpload
          folder={`driveways/${driveway.id}`}
          label={`Add a photo of ${driveway.title}`}
          disabled={saving}
          keepPreview={false}
          onUploaded={(image) =>
            fetcher.submit(
              { intent: 'attach', drivewayId: driveway.id, url: image.url },
              { method: 'post' },
            )
          }
        />
      </div>
    </section>
  );
}
