import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** Rows of a CSV file with a header line, each with its line number in the file. */
export function readCsv(text: string): { line: number; fields: Record<string, string> }[] {
  const records = parse(text, {
    columns: (header: string[]) => header.map((name) => name.trim()),
    skip_empty_lines: true,
    bom: true,
    info: true,
    trim: true,
  }) as { record: Record<string, string>; info: { lines: number } }[];
  return records.map(({ record, info }) => ({ line: info.lines, fields: record }));
}

export function writeCsv(rows: Record<string, unknown>[], columns: string[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => row[column] ?? '')),
    { header: true, columns },
  );
}
