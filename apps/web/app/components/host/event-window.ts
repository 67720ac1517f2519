import { toZonedInput } from '@parkside/validators';

const HOUR = 3_600_000;

export interface PickableEvent {
  id: string;
  title: string;
  venueName: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  startsAt: string;
  endsAt: string;
}

/** The default parking window: one hour before the start to one hour after the end. */
export function defaultWindow(event: PickableEvent) {
  return {
    from: toZonedInput(new Date(new Date(event.startsAt).getTime() - HOUR), event.timeZone),
    to: toZonedInput(new Date(new Date(event.endsAt).getTime() + HOUR), event.timeZone),
  };
}
