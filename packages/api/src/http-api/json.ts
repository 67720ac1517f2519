export type DatesAsText<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** A row as JSON carries it: its instants as ISO 8601 text, as the output shapes describe. */
export function datesAsText<T extends object>(row: T): DatesAsText<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  ) as DatesAsText<T>;
}
