import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { UploadedImage } from '~/utils/uploaded-image';
import { messageOf, uploadImage } from '~/utils/uploads';
import { AlertText } from '~/components/forms/field';

type Status =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

/**
 * Picks an image, checks it (JPEG, PNG or WebP by content, at most 5 MB), shows a preview and a
 * progress bar while it uploads under `folder`, and hands the stored image to `onUploaded`.
 * With `name`, a hidden input of that name carries the uploaded image's URL in the form.
 * `keepPreview={false}` empties the preview once uploaded (for lists that show the new image).
 */
export function ImageUpload({
  folder,
  label,
  hint = 'JPEG, PNG or WebP, up to 5 MB.',
  currentUrl = null,
  previewAlt = '',
  name,
  onUploaded,
  disabled = false,
  keepPreview = true,
}: {
  folder: string;
  label: ReactNode;
  hint?: ReactNode;
  currentUrl?: string | null;
  previewAlt?: string;
  name?: string;
  onUploaded?: (image: UploadedImage) => void;
  disabled?: boolean;
  keepPreview?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);

  // Free the local preview when it is replaced or the component goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onChange(file: File | undefined) {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    setStatus({ kind: 'uploading', progress: 0 });
    try {
      const image = await uploadImage(folder, file, (fraction) =>
        setStatus({ kind: 'uploading', progress: Math.round(fraction * 100) }),
      );
      setUploadedUrl(image.url);
      if (!keepPreview) setPreview(null);
      setStatus({ kind: 'done' });
      onUploaded?.(image);
    } catch (error) {
      setPreview(null);
      setStatus({ kind: 'error', message: messageOf(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  const shown = preview ?? (keepPreview ? uploadedUrl : null) ?? currentUrl;
  const progress =
    status.kind === 'uploading' ? status.progress : status.kind === 'done' ? 100 : null;
  const busy = status.kind === 'uploading';

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      {/* In a list that shows its images itself, the box appears only while one uploads. */}
      {shown || keepPreview ? (
        <div className="flex aspect-[4/3] w-40 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
          {shown ? (
            <img src={shown} alt={previewAlt} className="h-full w-full object-cover" />
          ) : (
            <span className="px-3 text-center text-sm text-slate-600">No image yet</span>
          )}
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={id} className="text-ink text-sm font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={disabled || busy}
          aria-describedby={`${id}-hint ${id}-status`}
          aria-invalid={status.kind === 'error' || undefined}
          onChange={(event) => void onChange(event.target.files?.[0])}
          className="file:bg-brand-700 hover:file:bg-brand-800 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-white disabled:opacity-60"
        />
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="bg-brand-600 h-full rounded-full transition-[width] duration-200"
              style={{ width: `${progress}%` }}
            />
          </div>
        ) : null}
        <div id={`${id}-status`} aria-live="polite">
          {status.kind === 'uploading' ? (
            <p className="text-sm text-slate-700">Uploading… {status.progress}%</p>
          ) : status.kind === 'done' ? (
            <p className="text-brand-800 text-sm font-semibold">Upload complete.</p>
          ) : null}
        </div>
        <AlertText>{status.kind === 'error' ? status.message : null}</AlertText>
        {name ? <input type="hidden" name={name} value={uploadedUrl ?? currentUrl ?? ''} /> : null}
      </div>
    </div>
  );
}
