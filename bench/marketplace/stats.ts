/** Small helpers for timing and reporting, shared by the marketplace benchmark's parts. */

/** The value below which `p` (0-1) of the sorted values fall (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1]!;
}

export interface Latency {
  p50: number;
  p95: number;
  runs: number;
}

/**
 * Calls `fn` `warmup` times unmeasured, then `runs` times, one at a time, and returns the
 * p50 and p95 of the measured calls in milliseconds.
 */
export async function measureLatency(
  fn: (run: number) => Promise<unknown>,
  { warmup, runs }: { warmup: number; runs: number },
): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), runs };
}

export interface Check {
  name: string;
  /** What was measured, formatted, e.g. "3.1 ms" or "0.92". */
  value: string;
  /** The target, formatted, e.g. "<= 10 ms". */
  target: string;
  pass: boolean;
  /** A figure shown for comparison, with no target of its own. */
  informational?: boolean;
  /** Extra figures printed beside the result (p50, the two rates, ...). */
  detail?: string;
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The check that a measured p95 stays within `targetMs`, with its p50 beside it. */
export function p95Check(name: string, latency: Latency, targetMs: number): Check {
  return {
    name: `${name} (p95)`,
    value: ms(latency.p95),
    target: `<= ${targetMs} ms`,
    pass: latency.p95 <= targetMs,
    detail: `p50 ${ms(latency.p50)}, ${latency.runs} calls`,
  };
}

export function printChecks(checks: Check[]): void {
  const rows = checks.map((c) => [
    c.name,
    c.value,
    c.target,
    c.pass ? (c.informational ? 'info' : 'PASS') : 'FAIL',
    c.detail ?? '',
  ]);
  const headers = ['Figure', 'Measured', 'Target', 'Result', 'Details'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Runs one setup step, printing its label and then how long it took. */
export async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  process.stdout.write(`${label}... `);
  const start = Date.now();
  const result = await run();
  console.log(`${((Date.now() - start) / 1000).toFixed(1)} s`);
  return result;
}
