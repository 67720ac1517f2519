import { GEOCODE_MAX_QUERY_LENGTH, GEOCODE_MIN_QUERY_LENGTH } from '@parkside/validators';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '~/utils/use-hydrated';
import type { FoundPlace } from './fill-address';
import { FormRow } from '~/components/ui/form-row';
import { movedInListbox } from '~/utils/listbox-keys';
import { ListboxOption } from '~/components/ui/listbox-option';

export interface GeocoderCapabilities {
  suggest: boolean;
  search: boolean;
  reverse: boolean;
  /** Whose search and whose data, shown under the box as the provider's terms ask. */
  attribution: string | null;
}

interface Answer {
  query: string | null;
  places: FoundPlace[];
  error: string | null;
}

/**
 * Suggestions wait for a pause in typing this long: a host typing an address sends a handful of
 * lookups rather than one per key (fair use of a shared provider such as Photon's public one).
 */
const DEBOUNCE_MS = 400;

/**
 * "Find the address": suggestions as the host types (where the provider allows it; at least 3
 * characters, after a pause, answers to older words dropped) and a Search button. An accessible
 * combobox: arrows move through the suggestions, Enter picks one (or searches), Escape closes.
 * Picking one hands it to `onPick`, which fills the address fields and moves the pin.
 */
export function AddressSearch({
  capabilities,
  near,
  onPick,
  label = 'Find the address',
}: {
  capabilities: GeocoderCapabilities;
  /** Places around here come first (the event's venue). */
  near: [number, number];
  onPick: (place: FoundPlace) => void;
  label?: string;
}) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  // The search runs in the browser: until the page is live, words typed would be lost.
  const live = useHydrated();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const closing = useRef<ReturnType<typeof setTimeout>>();
  const input = useRef<HTMLInputElement>(null);
  const { load } = fetcher;
  const nearParam = near.map((n) => n.toFixed(4)).join(',');
  const typed = query.trim();
  // An answer to words no longer in the box is dropped.
  const answer = fetcher.data && fetcher.data.query === typed ? fetcher.data : null;
  const places = answer?.places ?? [];
  const expanded = open && places.length > 0;

  useEffect(() => {
    clearTimeout(timer.current);
    if (!capabilities.suggest || typed.length < GEOCODE_MIN_QUERY_LENGTH) return;
    timer.current = setTimeout(
      () => load(`/address-search?${new URLSearchParams({ q: typed, near: nearParam })}`),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer.current);
  }, [typed, nearParam, capabilities.suggest, load]);

  const search = () => {
    if (typed.length < GEOCODE_MIN_QUERY_LENGTH) return;
    clearTimeout(timer.current);
    // The button took the focus: give it back, so the answers stay open under the box.
    clearTimeout(closing.current);
    input.current?.focus();
    setOpen(true);
    load(`/address-search?${new URLSearchParams({ q: typed, mode: 'search', near: nearParam })}`);
  };
  const choose = (place: FoundPlace) => {
    setOpen(false);
    setActive(-1);
    setPicked(place.label);
    onPick(place);
  };

  const busy = fetcher.state !== 'idle';
  const status = busy
    ? 'Looking up the address…'
    : answer?.error
      ? answer.error
      : answer && open && places.length === 0
        ? 'No address found. Check the spelling, or drag the pin onto the map.'
        : picked
          ? `Filled in: ${picked}. Check the pin on the map.`
          : expanded
            ? `${places.length} ${places.length === 1 ? 'address' : 'addresses'} found. Use the arrow keys to choose.`
            : '';

  return (
    <FormRow htmlFor={`${id}-input`} label={label}>
      <div className="relative flex gap-2">
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete={capabilities.suggest ? 'list' : 'none'}
          aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
          aria-describedby={`${id}-status`}
          maxLength={GEOCODE_MAX_QUERY_LENGTH}
          disabled={!live}
          autoComplete="off"
          placeholder="Start typing: 1700 N Canyon Rd, Provo"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
            setPicked(null);
          }}
          ref={input}
          onBlur={() => {
            closing.current = setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={(event) => {
            if (movedInListbox(event, places.length, setOpen, setActive)) return;
            if (event.key === 'Escape' && expanded) {
              event.preventDefault();
              setOpen(false);
            } else if (event.key === 'Enter') {
              // Never sends the whole form from here.
              event.preventDefault();
              const place = expanded && active >= 0 ? places[active] : undefined;
              if (place) choose(place);
              else search();
            }
          }}
          className="focus:border-brand-600 focus:outline-brand-600/30 block h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base shadow-xs focus:outline-2"
        />
        <button
          type="button"
          onClick={search}
          // Never disabled while suggestions load: a press then would take the focus from the box
          // (closing the list) and do nothing. A search replaces the suggestions on their way.
          disabled={!live}
          className="text-brand-800 ring-brand-200 hover:bg-brand-50 h-11 shrink-0 rounded-lg px-4 text-sm font-semibold ring-1 disabled:opacity-60"
        >
          Search
        </button>
        <Suggestions
          id={id}
          places={places}
          hidden={!expanded}
          active={active}
          onActive={setActive}
          onChoose={choose}
        />
      </div>
      <p
        id={`${id}-status`}
        aria-live="polite"
        className={`min-h-5 text-sm ${answer?.error ? 'font-medium text-red-700' : 'text-slate-600'}`}
      >
        {status}
      </p>
      {capabilities.attribution ? (
        <p className="text-xs text-slate-500">{capabilities.attribution}</p>
      ) : null}
    </FormRow>
  );
}

/** The addresses found, as the combobox's listbox. */
function Suggestions({
  id,
  places,
  hidden,
  active,
  onActive,
  onChoose,
}: {
  id: string;
  places: FoundPlace[];
  hidden: boolean;
  active: number;
  onActive: (index: number) => void;
  onChoose: (place: FoundPlace) => void;
}) {
  return (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label="Addresses found"
      hidden={hidden}
      className="absolute top-12 right-0 left-0 z-20 overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-slate-200"
    >
      {places.map((place, i) => (
        <ListboxOption
          key={`${place.label}-${i}`}
          id={`${id}-${i}`}
          active={i === active}
          onChoose={() => onChoose(place)}
          onActive={() => onActive(i)}
          className={`text-sm ${i === active ? 'bg-brand-50 text-brand-900' : 'text-ink hover:bg-slate-50'}`}
        >
          <span className="font-semibold">{place.street || place.label}</span>
          <span className="block text-slate-600">
            {[place.city, [place.region, place.postalCode].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ')}
          </span>
        </ListboxOption>
      ))}
    </ul>
  );
}
