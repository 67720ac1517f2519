/**
 * The shared cache in front of the servers (decisions 069, 070): which signed-out pages it may
 * keep and under which header, and purging its keys when PostgreSQL says what a page shows
 * changed. Every server hears the same notification; a `cdn.purge` job keyed by the surrogate key
 * and a quarter-second window lets one of them in, and that server purges at the window's end
 * itself, at once, rather than through the queue, where a purge would wait behind a game day's
 * mail. The job stays in the queue, due a few seconds later, until the purge is confirmed: a
 * server that dies or a cache that refuses leaves it to the queue's retries.
 */
import {
  ALL_PAGES_KEY,
  EVENT_LIST_KEY,
  eventKey,
  fastlyPurger,
  varnishPurger,
  type CdnPurger,
} from '@parkside/cdn';
import { jobs, type Database } from '@parkside/db';
import { and, eq } from 'drizzle-orm';
import { defineTask, handlerOf, jobOf, taskSet, type TaskSet } from '@parkside/jobs';
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

/** Changes heard within one window are purged together, once, when the window ends. */
export const PURGE_WINDOW_MS = 250;
/**
 * A second purge this long after the first, for a server that heard the change late and gave the
 * cache the page from before it in the meantime.
 */
export const SETTLE_PURGE_MS = 1000;
/** When the queue runs a purge its server has not confirmed: this long after its window. */
export const UNCONFIRMED_PURGE_MS = 5000;

/** The purge of what a notification on `event_parking_changed` says changed. */
export function purgeJobOf(payload: string, now = Date.now()) {
  const keys = [
    payload === EVENT_LIST_CHANGED
      ? EVENT_LIST_KEY
      : payload === ALL_PAGES_KEY
        ? ALL_PAGES_KEY
        : eventKey(payload),
  ];
  const window = Math.floor(now / PURGE_WINDOW_MS);
  const endsAt = (window + 1) * PURGE_WINDOW_MS;
  return {
    keys,
    endsAt,
    job: jobOf(
      cdnPurgeTask,
      { keys },
      { key: `cdn.purge:${keys[0]}:${window}`, runAt: new Date(endsAt + UNCONFIRMED_PURGE_MS) },
    ),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a server does with each change it hears (an event's id, `events`, or every page): the
 * first server to claim the change's window purges at its end; never throws.
 */
export function purgeOnChange(
  db: Database,
  purger: CdnPurger,
  counted: (outcome: 'ok' | 'failed') => void = () => {},
) {
  return async (payload: string) => {
    const { keys, endsAt, job } = purgeJobOf(payload);
    let claimed: { id: number } | undefined;
    try {
      [claimed] = await db
        .insert(jobs)
        .values({ task: job.task, payload: job.payload, key: job.key, runAt: job.runAt })
        .onConflictDoNothing({ target: jobs.key })
        .returning({ id: jobs.id });
    } catch (error) {
      console.error(`A purge of the shared cache was not queued: ${(error as Error).message}`);
      return;
    }
    // Another server (or this one, for an earlier change) has this window.
    if (!claimed) return;
    await sleep(Math.max(0, endsAt - Date.now()));
    try {
      await purger.purge(keys);
      counted('ok');
    } catch {
      counted('failed');
      return; // the queue tries again
    }
    await db
      .update(jobs)
      .set({ status: 'done', attempts: 1, finishedAt: new Date() })
      .where(and(eq(jobs.id, claimed.id), eq(jobs.status, 'pending')))
      .catch(() => {}); // the queue purges once more: harmless
    await sleep(SETTLE_PURGE_MS);
    await purger.purge(keys).then(
      () => counted('ok'),
      () => counted('failed'),
    );
  };
}

export function cdnTasks({ purger }: { purger: CdnPurger | null }): TaskSet {
  return taskSet([
    handlerOf(cdnPurgeTask, async ({ keys }) => {
      await purger?.purge(keys);
    }),
  ]);
}

export { ALL_PAGES_KEY };
