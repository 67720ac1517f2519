import type { Place } from '@parkside/geocoder';

/** What an address search answers: the fields of one address and its position. */
export type FoundPlace = Place;

/** Which inputs of the form take which part of the address (by their `name`). */
export type AddressFieldNames = Partial<
  Record<'street' | 'city' | 'region' | 'postalCode' | 'country', string>
>;

/**
 * Writes a found address into the form's own fields, as if typed: each field gets an `input`
 * and a `change` event, so the form's validation sees it. A part the answer lacks is left as
 * the host typed it; a country the select does not offer is left too.
 */
export function fillAddress(
  form: HTMLFormElement | null,
  place: FoundPlace,
  names: AddressFieldNames,
) {
  if (!form) return;
  for (const [part, name] of Object.entries(names) as [keyof AddressFieldNames, string][]) {
    const value = place[part];
    const field = form.elements.namedItem(name);
    if (!value || !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement))
      continue;
    if (field instanceof HTMLSelectElement && ![...field.options].some((o) => o.value === value))
      continue;
    // The native setter, so a field React controls also takes the value.
    const proto = field instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement;
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
