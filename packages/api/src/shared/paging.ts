import { and, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Where the last page ended: its last row's time and id. A time PostgreSQL set (`now()`) has
 * microseconds a Date drops, so such a time travels as the exact text from `exactTime`.
 */
export interface PageCursor {
  at: Date | string;
  id: string;
}

/** A timestamp column as ISO text with its microseconds, for a cursor that must not lose them. */
export function exactTime(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Keyset paging: the rows after `cursor` in the order (`at`, `id`), both ascending or both
 * descending (the id breaks ties between rows of the same time). No condition on the first page.
 */
export function pastCursor(
  at: AnyPgColumn,
  id: AnyPgColumn,
  cursor: PageCursor | null | undefined,
  order: 'asc' | 'desc',
): SQL | undefined {
  if (!cursor) return undefined;
  const past = order === 'asc' ? gt : lt;
  const when = typeof cursor.at === 'string' ? sql`${cursor.at}::timestamptz` : cursor.at;
  return or(past(at, when), and(eq(at, when), past(id, cursor.id)));
}

/** Which page of a numbered list (the admin console's lists), and how many rows a page holds. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * A numbered page: its rows (`rows` gets the page's limit and offset) and the whole list's count
 * (`counted`, one `count()` row) fetched together; an empty list still has one page.
 */
export async function numberedPage<Row, Item>(
  { page, pageSize }: PageRequest,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  counted: Promise<{ n: number }[]>,
  toItem: (row: Row) => Item,
) {
  const [found, [count]] = await Promise.all([rows(pageSize, (page - 1) * pageSize), counted]);
  const total = count?.n ?? 0;
  return {
    items: found.map(toItem),
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}
