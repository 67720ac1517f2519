import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
