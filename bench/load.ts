/**
 * What the throughput benchmarks share: autocannon's settings, one measured round, and a
 * production build to measure.
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { productionEntry, webRoot } from './server';

/** Connections per measured page: enough to keep both cores of a small machine busy. */
export const CONNECTIONS = 10;
/** A warm-up round per page before measuring, so the first round does not pay for JIT. */
export const WARMUP_SECONDS = 3;
/** What a browser sends; the server compresses as it would for one. */
export const BROWSER_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

export interface Round {
  requests: number;
  seconds: number;
  errors: number;
}

/** `seconds` of requests to `url` over CONNECTIONS connections. */
export async function loadRound(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Round> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Builds the site (`npm run build` in apps/web) when there is no production build yet. */
export function buildIfMissing(): void {
  if (existsSync(productionEntry)) return;
  console.log('Building apps/web...');
  const built = spawnSync('npm', ['run', 'build'], { cwd: webRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('The build failed.');
}
