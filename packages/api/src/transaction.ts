import { isConnectionLost, RECONNECT_WAIT_MS, waitForDatabase, type Database } from '@parkside/db';

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
export async function inTransaction<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  { rerunIfConnectionLost = false }: TransactionOptions = {},
): Promise<T> {
  let deadline: number | undefined;
  for (;;) {
    let reachedCommit = false;
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx as unknown as Tx);
        reachedCommit = true;
        return result;
      });
    } catch (error) {
      if (!rerunIfConnectionLost || reachedCommit || !isConnectionLost(error)) throw error;
      deadline ??= Date.now() + RECONNECT_WAIT_MS;
      const left = deadline - Date.now();
      if (left <= 0 || !(await waitForDatabase(db, left))) throw error;
    }
  }
}
