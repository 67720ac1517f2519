/**
 * What `bench:gameday -- --cdn --replica` adds to game day (decisions 069, 070): Varnish with the
 * recipe's VCL in front of nginx, a streaming replica of the run's PostgreSQL, and the figures
 * they are judged by: the shared cache's hit ratio, how soon a booking shows on the cached /rent
 * (the purge delay), the replica's lag as the servers report it, and the rows read on each server.
 */
import postgres from 'postgres';

export interface EdgeFlags {
  cdn: boolean;
  replica: boolean;
}

export const edgeFlagsOf = (argv: readonly string[]): EdgeFlags => ({
  cdn: argv.includes('--cdn'),
  replica: argv.includes('--replica'),
});

/** The spaces left that a /rent page shows, summed over its listings. */
export function spacesLeftOn(html: string): number {
  let sum = 0;
  for (const match of html.matchAll(/>(\d+) spaces? left</g)) sum += Number(match[1]);
  return sum;
}

/**
 * Reads the signed-out /rent through the edge again and again while drivers book: the k-th
 * booking to be answered shows once the page's spaces left are `spaces - k` or fewer. Its delay
 * is from its answer to the start of the first read that showed it: a visitor who opens /rent
 * that long after the booking sees it (how long that visitor then waits for the page is the
 * `visitor` latency, not staleness).
 */
export class FreshnessProbe {
  private readonly answered: number[] = [];
  private readonly delays: number[] = [];
  private shown = 0;
  private running = true;
  private loop: Promise<void> | undefined;
  /** Fetches whose page showed more spaces booked than answers had come (counted at once). */
  ahead = 0;

  constructor(
    private readonly url: string,
    private readonly spaces: number,
  ) {}

  /** A booking was answered (its 302 arrived). */
  booked() {
    this.answered.push(Date.now());
  }

  start() {
    this.loop = (async () => {
      while (this.running) {
        const at = Date.now();
        const response = await fetch(this.url, { headers: { accept: 'text/html' } }).catch(
          () => null,
        );
        if (response?.ok) {
          const shows = this.spaces - spacesLeftOn(await response.text());
          for (; this.shown < shows; this.shown += 1) {
            const answer = this.answered[this.shown];
            // Shown before its answer reached the driver: no delay to speak of.
            this.delays.push(answer === undefined ? 0 : Math.max(0, at - answer));
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
  }

  /** Stops once every answered booking shows (or after `withinMs`); the delays, sorted. */
  async stop(withinMs = 10_000): Promise<{ delays: number[]; neverShown: number }> {
    const deadline = Date.now() + withinMs;
    while (this.shown < this.answered.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.running = false;
    await this.loop;
    return {
      delays: [...this.delays].sort((a, b) => a - b),
      neverShown: Math.max(0, this.answered.length - this.shown),
    };
  }
}

/** The replica's lag as a server reports it on /metrics, sampled every half second. */
export function sampleReplicaLag(origin: string, token: string) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const text = await fetch(`${origin}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      })
        .then((response) => (response.ok ? response.text() : ''))
        .catch(() => '');
      const match = /^parkside_replica_lag_seconds\{[^}]*\} (\S+)$/m.exec(text);
      if (match && Number(match[1]) >= 0) samples.push(Number(match[1]) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return samples.sort((a, b) => a - b);
  };
}

/** Transactions and rows read on one PostgreSQL server, for the run's database, so far. */
export async function readsOn(url: string): Promise<{ transactions: number; rows: number }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ transactions: string; rows: string }[]>`
      select xact_commit + xact_rollback as transactions, tup_returned + tup_fetched as rows
      from pg_stat_database where datname = current_database()`;
    return { transactions: Number(row!.transactions), rows: Number(row!.rows) };
  } finally {
    await sql.end({ timeout: 2 });
  }
}
