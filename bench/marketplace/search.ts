/**
 * Event search over 100k events: the real listUpcomingEvents with a typo-tolerant text query,
 * with a date range, and with neither.
 */
import type { Database } from '@parkside/db';
import { listUpcomingEvents } from '@parkside/api/queries';
import { eventListInput } from '@parkside/validators';
import { measureLatency, p95Check, type Check } from './stats';

/** p95 target in milliseconds. */
export const SEARCH_P95_TARGET_MS = 10;
const WARMUP = 30;
const RUNS = 300;

/** What a driver types: typos included ("stadum" for stadium, "festivl", "jaz"). */
const TEXT_QUERIES = ['stadum fire', 'jaz festivl', 'rodeo denver', 'baloon show', 'opera'];

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function benchSearch(db: Database): Promise<Check[]> {
  // Rotate through a few inputs per case, so no single plan or cached page decides the figure.
  const cases = [
    {
      name: 'Event search, text with typos',
      input: (run: number) => ({ q: TEXT_QUERIES[run % TEXT_QUERIES.length] }),
    },
    {
      name: 'Event search, date range',
      input: (run: number) => {
        const from = 30 + ((run * 37) % 600);
        return { from: dayFromNow(from), to: dayFromNow(from + 30) };
      },
    },
    { name: 'Event search, no filter', input: () => ({}) },
  ];
  const checks: Check[] = [];
  for (const c of cases) {
    const latency = await measureLatency(
      (run) => listUpcomingEvents(db, eventListInput.parse(c.input(run))),
      { warmup: WARMUP, runs: RUNS },
    );
    checks.push(p95Check(c.name, latency, SEARCH_P95_TARGET_MS));
  }
  return checks;
}
