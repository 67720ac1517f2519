import type { ApiCaller } from '@parkside/api';
import { normalizeCheckInCode } from '@parkside/validators';
import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  dequeue,
  enqueue,
  readQueue,
  sendCheckIn,
  type CheckInInput,
  type QueuedCheckIn,
} from './check-in-queue';

export type Arrivals = Awaited<ReturnType<ApiCaller['pass']['arrivals']>>;

export interface CheckInNotice {
  tone: 'done' | 'saved' | 'refused';
  text: string;
}

/** A queued check-in is tried again this often while the phone has no signal. */
const RETRY_MS = 15_000;

/**
 * The host's check-ins from the arrivals list (decision 042). With a signal each goes straight to
 * the server. Without one, a car on the saved list is checked in on the phone and queued; the
 * queue is sent when the signal returns (the browser's `online`, and every 15 s), one booking at
 * a time. What the server refused meanwhile (cancelled, another day) is kept to show.
 */
export function useCheckIns(arrivals: Arrivals) {
  const { revalidate } = useRevalidator();
  const refresh = useRef(revalidate);
  refresh.current = revalidate;
  const [queue, setQueue] = useState<QueuedCheckIn[]>([]);
  const [notice, setNotice] = useState<CheckInNotice | null>(null);
  const [conflicts, setConflicts] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const flush = useCallback(async () => {
    if (sending.current || readQueue().length === 0) return;
    sending.current = true;
    let sent = false;
    try {
      for (const item of readQueue()) {
        const result = await sendCheckIn({ bookingId: item.bookingId });
        if (result.kind === 'no-signal') break;
        setQueue(dequeue(item.bookingId));
        sent = true;
        if (result.kind === 'done') setNotice({ tone: 'done', text: `Sent: ${result.message}` });
        else setConflicts((list) => [...list, `${item.plate ?? 'A car'}: ${result.message}`]);
      }
    } finally {
      sending.current = false;
    }
    if (sent) refresh.current();
  }, []);

  useEffect(() => {
    setQueue(readQueue());
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [flush]);

  /** Checks a car in; true when it is in (or saved to send), so the form can be cleared. */
  async function checkIn(input: CheckInInput): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      const result = await sendCheckIn(input);
      if (result.kind === 'done') {
        setQueue(dequeue(result.bookingId));
        setNotice({ tone: 'done', text: result.message });
        refresh.current();
        return true;
      }
      if (result.kind === 'refused') {
        setNotice({ tone: 'refused', text: result.message });
        return false;
      }
      return checkInOnPhone(input);
    } finally {
      setBusy(false);
    }
  }

  /** No signal: a car of today's saved list is checked in here, and sent later. */
  function checkInOnPhone(input: CheckInInput): boolean {
    const key = 'code' in input ? normalizeCheckInCode(input.code) : null;
    const id = 'bookingId' in input ? input.bookingId : null;
    const today = arrivals.filter((group) => group.day === 'today').flatMap((g) => g.cars);
    // Typed, it is the gate code the driver read out; scanned, the QR's signed code.
    const car = today.find((c) =>
      key ? c.gateCode === key || c.codeKey === key : c.bookingId === id,
    );
    if (!car) {
      setNotice({
        tone: 'refused',
        text: 'No signal, and this pass is not one of today’s cars saved on this phone. Check the code, or try again when you have a signal.',
      });
      return false;
    }
    const plate = car.licensePlate ?? 'The car';
    if (car.checkedInAt) {
      setNotice({ tone: 'done', text: `${plate} was already checked in.` });
      return true;
    }
    setQueue(enqueue({ bookingId: car.bookingId, plate: car.licensePlate }));
    setNotice({
      tone: 'saved',
      text: `No signal: ${plate} (${car.driverFirstName}) is checked in on this phone. It is sent when the signal returns.`,
    });
    return true;
  }

  return {
    queued: new Set(queue.map((item) => item.bookingId)),
    notice,
    conflicts,
    dismissConflicts: () => setConflicts([]),
    busy,
    checkIn,
  };
}
