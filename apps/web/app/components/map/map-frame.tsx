import type { ReactNode, RefObject } from 'react';
import type { MapStatus } from './use-leaflet-map';

/** The box a map draws into, with what to say while it loads or when it cannot. */
export function MapFrame({
  container,
  status,
  label,
  fallback,
  className,
}: {
  container: RefObject<HTMLDivElement>;
  status: MapStatus;
  label: string;
  /** What to do without the map (e.g. "type the coordinates below"). */
  fallback: ReactNode;
  className: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div
        className={`relative isolate overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 ${className}`}
      >
        <div ref={container} role="region" aria-label={label} className="absolute inset-0" />
        {status === 'loading' || status === 'failed' ? (
          <p className="absolute inset-0 z-[1000] grid place-items-center px-6 text-center text-sm text-slate-600">
            {status === 'loading' ? 'Loading the map…' : 'The map could not load.'}
          </p>
        ) : null}
      </div>
      {status === 'no-tiles' || status === 'failed' ? (
        <p role="status" className="text-sm text-slate-600">
          {status === 'no-tiles' ? 'The map tiles could not load. ' : ''}
          {fallback}
        </p>
      ) : null}
    </div>
  );
}
