/**
 * When a kept page's words next change by the clock alone (its `dependsOn.until`): the soonest
 * of `instants` (ISO 8601; null for none) from `now` on, in ms since the epoch; none ahead,
 * undefined.
 */
export function soonestAhead(
  instants: readonly (string | null)[],
  now = Date.now(),
): number | undefined {
  let soonest: number | undefined;
  for (const instant of instants) {
    const at = instant === null ? Number.NaN : Date.parse(instant);
    if (at >= now && (soonest === undefined || at < soonest)) soonest = at;
  }
  return soonest;
}
