import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/**
 * The app servers that share this database, each beating every 15 seconds (decision 039): the
 * admin System page lists those seen in the last minute. A server removes its own row when it
 * stops; a crashed one simply stops being seen.
 */
export const appServers = pgTable('app_servers', {
  /** Made when the server starts: host name, process id and a random part. */
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  startedAt: at('started_at').notNull().defaultNow(),
  seenAt: at('seen_at').notNull().defaultNow(),
});
