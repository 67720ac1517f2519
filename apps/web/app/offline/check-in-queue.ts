/**
 * Check-ins a host made with no signal (decision 042): kept on the phone (localStorage) and sent
 * when the signal returns. One per booking, so sending twice checks the car in once; the server
 * keeps the first check-in time either way.
 */
import { CHECK_IN_QUEUE_KEY } from './names';

export interface QueuedCheckIn {
  bookingId: string;
  plate: string | null;
  queuedAt: string;
}

export type CheckInInput = { bookingId: string } | { code: string };

/** How a check-in went: done (with the words to show), refused (why), or no signal. */
export type CheckInResult =
  | { kind: 'done'; message: string; bookingId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'no-signal' };

/** Longer than a healthy answer takes, shorter than a host waiting with a car at the curb. */
const PATIENCE_MS = 8_000;

export function readQueue(): QueuedCheckIn[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CHECK_IN_QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as QueuedCheckIn[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedCheckIn[]) {
  if (queue.length) window.localStorage.setItem(CHECK_IN_QUEUE_KEY, JSON.stringify(queue));
  else window.localStorage.removeItem(CHECK_IN_QUEUE_KEY);
}

export function enqueue(item: Omit<QueuedCheckIn, 'queuedAt'>): QueuedCheckIn[] {
  const queue = readQueue().filter((queued) => queued.bookingId !== item.bookingId);
  queue.push({ ...item, queuedAt: new Date().toISOString() });
  writeQueue(queue);
  return queue;
}

export function dequeue(bookingId: string): QueuedCheckIn[] {
  const queue = readQueue().filter((queued) => queued.bookingId !== bookingId);
  writeQueue(queue);
  return queue;
}

/** Sends one check-in to the server (/check-ins). A failed network or a 5xx is "no signal". */
export async function sendCheckIn(input: CheckInInput): Promise<CheckInResult> {
  let response: Response;
  try {
    response = await fetch('/check-ins', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(PATIENCE_MS),
    });
  } catch {
    return { kind: 'no-signal' };
  }
  if (response.status >= 500) return { kind: 'no-signal' };
  const body = (await response.json().catch(() => null)) as
    { ok: true; message: string; bookingId: string } | { ok: false; error: string } | null;
  if (body?.ok) return { kind: 'done', message: body.message, bookingId: body.bookingId };
  return { kind: 'refused', message: body?.error ?? 'The check-in was refused. Try again.' };
}
