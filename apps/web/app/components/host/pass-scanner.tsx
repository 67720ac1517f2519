import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '~/utils/use-hydrated';

/**
 * Reads a pass's QR code with the phone's camera (the @zxing/library decoder, loaded when the
 * host presses Scan) and hands the code over. Where the camera is refused or missing it says so;
 * the code can always be typed instead.
 */
export function PassScanner({ onCode }: { onCode: (code: string) => void }) {
  const [state, setState] = useState<'idle' | 'starting' | 'scanning' | 'refused'>('idle');
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<() => void>(() => {});

  useEffect(() => () => stop.current(), []);
  // The camera needs the page's script: until it has run, a press would do nothing at all.
  const hydrated = useHydrated();

  async function start() {
    setState('starting');
    try {
      const { BrowserQRCodeReader } = await import('@zxing/library');
      const reader = new BrowserQRCodeReader();
      stop.current = () => reader.reset();
      setState('scanning');
      await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' } },
        video.current!,
        (result) => {
          if (!result) return;
          reader.reset();
          setState('idle');
          onCode(result.getText());
        },
      );
    } catch {
      stop.current();
      setState('refused');
    }
  }

  const active = state === 'scanning' || state === 'starting';
  return (
    <div className="flex flex-col gap-2">
      {/* One video element throughout: the decoder holds on to it. */}
      <video
        ref={video}
        muted
        playsInline
        hidden={!active}
        aria-label="Camera view: hold the pass's QR code in the frame"
        className="aspect-square w-full max-w-xs rounded-xl bg-black object-cover"
      />
      {active ? (
        <button
          type="button"
          onClick={() => {
            stop.current();
            setState('idle');
          }}
          className="self-start text-sm font-semibold text-slate-700 underline"
        >
          Stop scanning
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void start()}
          disabled={!hydrated}
          className="bg-ink self-start rounded-xl px-4 py-3 font-bold text-white hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Scan a pass
        </button>
      )}
      {state === 'refused' ? (
        <p role="alert" className="text-sm font-semibold text-amber-900">
          The camera is off or was refused. Type the code printed under the QR instead.
        </p>
      ) : null}
    </div>
  );
}
