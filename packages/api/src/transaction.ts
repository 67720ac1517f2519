import type { Database } from '@parkside/db';

/** A transaction, typed as the same Database the rest of the code sees. */
export type Tx = Database;

/** Runs `work` in one transaction; everything it does commits together or not at all. */
export function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx));
}
