import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';

/**
 * The arrow keys of a combobox's input (ARIA's pattern with aria-activedescendant): Down opens
 * the list and moves to the next option, Up to the previous one, each wrapping around. True when
 * the key was one of them; the caller handles Escape and Enter, which differ by box.
 */
export function movedInListbox(
  event: KeyboardEvent<HTMLInputElement>,
  count: number,
  setOpen: (open: boolean) => void,
  setActive: Dispatch<SetStateAction<number>>,
): boolean {
  if (!count || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return false;
  event.preventDefault();
  if (event.key === 'ArrowDown') {
    setOpen(true);
    setActive((i) => (i + 1) % count);
  } else {
    setActive((i) => (i <= 0 ? count - 1 : i - 1));
  }
  return true;
}
