/**
 * The data of /rent's first page for the busiest event (100k listings): the real rentPage, as
 * the page's loader calls it, cheapest first (the page's default order) and nearest first. The
 * 200-listing event of the throughput figure cannot show what sorting every listing of a large
 * event would cost.
 */
import { rentPage } from '@parkside/api/queries';
import type { Database } from '@parkside/db';
import { LISTING_PAGE_SIZE, type listingsForEventInput } from '@parkside/validators';
import type { z } from 'zod';
import { BUSIEST_EVENT, eventId } from './seed';
import { measureLatency, p95Check, type Check } from './stats';

/** p95 target in milliseconds: a small share of a page's server time. */
export const RENT_DATA_P95_TARGET_MS = 10;
const WARMUP = 30;
const RUNS = 300;

export async function benchRentData(db: Database): Promise<Check[]> {
  const checks: Check[] = [];
  // Cheapest first (the page's default), then nearest first (the other order drivers pick).
  for (const sort of ['price', 'distance'] as const) {
    // Built, not parsed: the page's own call, without the router around it.
    const input: z.output<typeof listingsForEventInput> = {
      eventId: eventId(BUSIEST_EVENT),
      sort,
      amenities: [],
      limit: LISTING_PAGE_SIZE,
    };
    const first = await rentPage(db, null, input);
    if (first.items.length !== LISTING_PAGE_SIZE) {
      throw new Error(
        `/rent data: expected ${LISTING_PAGE_SIZE} listings, got ${first.items.length}.`,
      );
    }
    const latency = await measureLatency(() => rentPage(db, null, input), {
      warmup: WARMUP,
      runs: RUNS,
    });
    checks.push(
      p95Check(
        `/rent data, busiest event (100k listings), by ${sort}`,
        latency,
        RENT_DATA_P95_TARGET_MS,
      ),
    );
  }
  return checks;
}
