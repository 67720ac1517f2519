import { errorDetails } from '@parkside/client';

/** Where the command writes: stdout for results, stderr for progress and errors. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether stderr is a terminal (progress bars redraw in place only then). */
  interactive: boolean;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  interactive: Boolean(process.stderr.isTTY),
};

/** Bad usage: exit code 2, with the command's help. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Rows as aligned columns for people; `--json` prints the data instead. */
export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return 'Nothing to show.\n';
  const cell = (value: unknown) =>
    value === null || value === undefined
      ? '—'
      : Array.isArray(value)
        ? value.join(',')
        : String(value).replace(/\s+/g, ' ');
  const cells = rows.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, i) =>
    Math.min(48, Math.max(column.length, ...cells.map((line) => line[i]!.length))),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => {
        const clipped = value.length > widths[i]! ? `${value.slice(0, widths[i]! - 1)}…` : value;
        return clipped.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd();
  return `${[line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n')}\n`;
}

/** A progress bar on stderr for long imports and exports (more than 100 rows). */
export function progress(io: Io, label: string, total: number) {
  const shown = total > 100;
  let last = -1;
  return {
    update(done: number) {
      if (!shown) return;
      const percent = Math.floor((done / total) * 100);
      if (percent === last) return;
      last = percent;
      const width = 30;
      const filled = Math.round((percent / 100) * width);
      const bar = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
      if (io.interactive) io.err(`\r${bar}`);
      else if (percent % 25 === 0 || done === total) io.err(`${bar}\n`);
    },
    finish() {
      if (shown && io.interactive) io.err('\n');
    },
  };
}

/** One clear line for each way a call can fail. */
export function describeFailure(error: unknown, url: string): string {
  const { status, message } = errorDetails(error);
  switch (status) {
    case 401:
      return `Not signed in: ${message} Set PARKSIDE_TOKEN or pass --token.`;
    case 403:
      return `Not allowed: ${message}`;
    case 404:
      return `Not found: ${message}`;
    case 429:
      return `Still rate limited after waiting: ${message}`;
    case undefined: {
      const cause = (error as { cause?: { cause?: { code?: string }; code?: string } })?.cause;
      const code = cause?.cause?.code ?? cause?.code;
      if (/fetch failed|ECONNREFUSED|ENOTFOUND|No answer within/.test(message) || code) {
        return `Cannot reach Parkside at ${url}${code ? ` (${code})` : ''}: is the server running?`;
      }
      return message;
    }
    default:
      return message;
  }
}
