import { getTableColumns, type Table } from 'drizzle-orm';

type Columns<T extends Table> = T['_']['columns'];

/** The words of a space-separated list, as a union: `'id title'` → `'id' | 'title'`. */
type Words<S extends string> = S extends `${infer Head} ${infer Rest}` ? Head | Words<Rest> : S;

/** `S` itself when every word names a column of `T`; otherwise a message the compiler shows. */
type CheckedNames<T extends Table, S extends string> =
  Words<S> extends keyof Columns<T> & string
    ? S
    : `not a column of this table: ${Exclude<Words<S>, keyof Columns<T>>}`;

/**
 * Some of a table's columns for a `select`, named once in a space-separated list, as Mongoose's
 * `select('name email')` does: `db.select(columnsOf(events, 'id title startsAt'))`. Each name is
 * checked against the table when the code compiles, so a typo fails `tsc`, not a request.
 * Columns that need another key or come from a join are spread beside it.
 */
export function columnsOf<T extends Table, S extends string>(
  table: T,
  names: CheckedNames<T, S>,
): Pick<Columns<T>, Words<S> & keyof Columns<T>> {
  const all = getTableColumns(table) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const name of names.split(' ')) {
    if (!(name in all)) throw new Error(`columnsOf: no column "${name}"`);
    picked[name] = all[name];
  }
  return picked as Pick<Columns<T>, Words<S> & keyof Columns<T>>;
}
