import { rerunIfConnectionLost, type Database } from '@parkside/db';

/** A transaction, typed as the same Database the rest of the code sees. */
export type Tx = Database;

export interface TransactionOptions {
  /**
   * Runs the transaction again, on a fresh connection, when its connection was cut before it
   * reached COMMIT (PostgreSQL rolled it back, so nothing of it happened), for up to 3 s. Only
   * for work whose whole effect is in the database: anything it did elsewhere would be done
   * twice. A connection lost during COMMIT is never retried (it may have committed).
   */
  rerunIfConnectionLost?: boolean;
}

/** Runs `work` in one transaction; everything it does commits together or not at all. */
export function inTransaction<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  { rerunIfConnectionLost: rerun = false }: TransactionOptions = {},
): Promise<T> {
  let reachedCommit = false;
  const once = () => {
    reachedCommit = false;
    return db.transaction(async (tx) => {
      const result = await work(tx as unknown as Tx);
      reachedCommit = true;
      return result;
    });
  };
  return rerun ? rerunIfConnectionLost(db, once, () => !reachedCommit) : once();
}
