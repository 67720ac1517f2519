import type { Database } from './client';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A prepared statement made once per database handle and name. Drizzle then builds its SQL once,
 * and PostgreSQL parses and plans it once per connection instead of on every call. `name` is
 * also the statement's name on the server, so one name must always build the same query.
 */
export function preparedFor<T>(db: Database, name: string, prepare: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = prepare(name)));
  return statement;
}
