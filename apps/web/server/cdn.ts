/**
 * The shared cache in front of the servers (decision 069): which signed-out pages it may keep and
 * under which header, and purging its keys when PostgreSQL says what a page shows changed. A
 * purge is a `cdn.purge` job: every server hears the same notification, and the job's key (the
 * surrogate key and the second) lets one of them in, so a burst of bookings on one event costs at
 * most one purge a second, retried by the queue when the cache does not confirm it.
 */
import {
  ALL_PAGES_KEY,
  EVENT_LIST_KEY,
  eventKey,
  fastlyPurger,
  varnishPurger,
  type CdnPurger,
} from '@parkside/cdn';
import type { Database } from '@parkside/db';
import { defineTask, enqueueJobs, handlerOf, jobOf, taskSet, type TaskSet } from '@parkside/jobs';
import { z } from 'zod';
import type { ServerEnv } from './env';
import { EVENT_LIST_CHANGED } from './keeping';
import type { SharedCacheOptions } from './shared-copies';

export interface CdnSettings {
  /** Signed-out kept pages are offered to a shared cache; undefined: to none. */
  sharedCache?: SharedCacheOptions;
  /** Where purges go; null: nowhere (copies live out their max age). */
  purger: CdnPurger | null;
}

export function cdnOf(env: ServerEnv): CdnSettings {
  const urls = (env.CDN_PURGE_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const purger =
    urls.length === 0
      ? null
      : env.CDN_KIND === 'fastly'
        ? fastlyPurger(urls[0]!, env.FASTLY_API_TOKEN ?? '')
        : varnishPurger(urls);
  return {
    sharedCache: env.CDN_SURROGATE_HEADER
      ? { header: env.CDN_SURROGATE_HEADER, maxAgeSeconds: env.CDN_MAX_AGE_SECONDS }
      : undefined,
    purger,
  };
}

export const cdnPurgeTask = defineTask(
  'cdn.purge',
  z.object({ keys: z.array(z.string().min(1).max(100)).min(1).max(1000) }).strict(),
);

/** The purge of what a notification on `event_parking_changed` says changed. */
export function purgeJobOf(payload: string, now = Date.now()) {
  const keys = [
    payload === EVENT_LIST_CHANGED
      ? EVENT_LIST_KEY
      : payload === ALL_PAGES_KEY
        ? ALL_PAGES_KEY
        : eventKey(payload),
  ];
  return jobOf(cdnPurgeTask, { keys }, { key: `cdn.purge:${keys[0]}:${Math.floor(now / 1000)}` });
}

/** Queues the purge of `payload` (an event's id, `events`, or every page); never throws. */
export async function queuePurge(db: Database, payload: string) {
  try {
    await enqueueJobs(db, [purgeJobOf(payload)]);
  } catch (error) {
    console.error(`A purge of the shared cache was not queued: ${(error as Error).message}`);
  }
}

export function cdnTasks({ purger }: { purger: CdnPurger | null }): TaskSet {
  return taskSet([
    handlerOf(cdnPurgeTask, async ({ keys }) => {
      await purger?.purge(keys);
    }),
  ]);
}

export { ALL_PAGES_KEY };
