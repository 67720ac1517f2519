import { distanceInMiles } from '@parkside/validators';
import { useEffect, useState } from 'react';
import { pinOf, type Position } from '~/components/map/location-picker';
import { defaultWindow, type PickableEvent } from './event-window';

export interface EventOption extends PickableEvent {
  /** Miles from the driveway's pin to the venue, once there is a pin. */
  miles: number | null;
}

/**
 * The new driveway's first event: once the pin is placed, the events nearest it come first, each
 * with its distance, and until the host picks one (or came from an event's page) the nearest is
 * the one chosen, so a driveway in Provo is not offered for a game in Portland by default.
 */
export function useFirstEvent({
  events,
  initialId,
  chosenAlready,
  position,
  initialWindow,
}: {
  events: PickableEvent[];
  initialId: string;
  /** The host came from an event's page, or the form came back with their choice. */
  chosenAlready: boolean;
  position: Position;
  initialWindow: { from: string; to: string };
}) {
  const [eventId, setEventId] = useState(initialId);
  const [chosen, setChosen] = useState(chosenAlready);
  const [window, setWindow] = useState(initialWindow);
  const pin = pinOf(position);
  const measured: EventOption[] = events.map((event) => ({
    ...event,
    miles: pin ? distanceInMiles(pin, event) : null,
  }));
  // Nearest first; the same venue's events keep their order by date.
  const options = pin ? measured.sort((a, b) => a.miles! - b.miles!) : measured;

  const event = options.find((option) => option.id === eventId) ?? options[0]!;
  const pick = (next: PickableEvent) => {
    setEventId(next.id);
    setWindow(defaultWindow(next));
  };
  const nearestId = pin ? options[0]?.id : undefined;
  useEffect(() => {
    if (chosen || !nearestId || nearestId === eventId) return;
    const next = events.find((candidate) => candidate.id === nearestId);
    if (next) pick(next);
    // Only a new nearest event moves the choice; the host's own pick ends it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nearestId]);

  return {
    event,
    options,
    window,
    setWindow,
    choose: (next: PickableEvent) => {
      setChosen(true);
      pick(next);
    },
  };
}
