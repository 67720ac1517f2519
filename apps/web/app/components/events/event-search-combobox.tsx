import { EVENT_SEARCH_MAX_LENGTH } from '@parkside/validators';
import { useFetcher, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { SearchEventsForm } from '~/components/events/event-search-form';
import { movedInListbox } from '~/utils/listbox-keys';
import { ListboxOption } from '~/components/ui/listbox-option';

interface Suggestion {
  id: string;
  title: string;
  place: string;
  when: string;
}

/**
 * The big search box of the home page: suggestions appear as you type (title, venue or city,
 * typo-tolerant); choosing one opens its parking. Enter without a choice searches /events.
 * Without JavaScript it is a plain search form.
 */
export function EventSearchCombobox() {
  const fetcher = useFetcher<{ suggestions: Suggestion[] }>();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const suggestions = query.trim().length >= 2 ? (fetcher.data?.suggestions ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const { load } = fetcher;

  useEffect(() => {
    clearTimeout(timer.current);
    const q = query.trim();
    if (q.length < 2) return;
    timer.current = setTimeout(() => load(`/events/suggest?${new URLSearchParams({ q })}`), 150);
    return () => clearTimeout(timer.current);
  }, [query, load]);

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(`/rent?event=${suggestion.id}`);
  };

  return (
    <SearchEventsForm className="relative mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row">
      <div className="relative sm:flex-1">
        <label htmlFor="home-q" className="sr-only">
          Event, venue or city
        </label>
        <input
          id="home-q"
          name="q"
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          // Uncontrolled: what someone types before the page hydrates must survive hydration.
          defaultValue=""
          maxLength={EVENT_SEARCH_MAX_LENGTH}
          placeholder="Search an event, venue or city"
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (movedInListbox(event, suggestions.length, setOpen, setActive)) return;
            if (event.key === 'Escape') {
              setOpen(false);
              setActive(-1);
            } else if (event.key === 'Enter' && expanded && active >= 0) {
              event.preventDefault();
              choose(suggestions[active]!);
            }
          }}
          className="text-ink focus:outline-brand-200 h-14 w-full rounded-xl border-0 bg-white px-4 text-lg shadow-lg placeholder:text-slate-500 focus:outline-4"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggested events"
          hidden={!expanded}
          className="text-ink absolute inset-x-0 top-full z-20 mt-2 overflow-hidden rounded-xl bg-white py-1 shadow-xl ring-1 ring-slate-200"
        >
          {suggestions.map((suggestion, index) => (
            <ListboxOption
              key={suggestion.id}
              id={`${listId}-${index}`}
              active={index === active}
              onChoose={() => choose(suggestion)}
              onActive={() => setActive(index)}
              className={index === active ? 'bg-brand-50' : ''}
            >
              <p className="font-semibold">{suggestion.title}</p>
              <p className="text-sm text-slate-600">
                {suggestion.place} · {suggestion.when}
              </p>
            </ListboxOption>
          ))}
        </ul>
      </div>
      <button
        type="submit"
        className="text-ink h-14 rounded-xl bg-amber-400 px-8 text-lg font-bold shadow-lg hover:bg-amber-300 focus-visible:outline-4 focus-visible:outline-amber-200"
      >
        Find parking
      </button>
    </SearchEventsForm>
  );
}
