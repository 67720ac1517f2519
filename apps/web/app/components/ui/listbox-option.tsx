import type { ReactNode } from 'react';

/**
 * One option of a combobox's list (ARIA's pattern with aria-activedescendant): the keyboard
 * works on the input (see `movedInListbox`), the pointer here. A press does not take the focus
 * from the input; hovering makes the option the active one.
 */
export function ListboxOption({
  id,
  active,
  onChoose,
  onActive,
  className,
  children,
}: {
  id: string;
  active: boolean;
  onChoose: () => void;
  onActive: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    // Keys are handled on the input, as the pattern prescribes.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      id={id}
      role="option"
      aria-selected={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseEnter={onActive}
      className={`cursor-pointer px-4 py-3 ${className}`}
    >
      {children}
    </li>
  );
}
