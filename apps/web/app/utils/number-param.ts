/** A number from a query parameter, or undefined when it is missing, empty or not a number. */
export function numberParam(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
