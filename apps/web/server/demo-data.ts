import { seedDemoAccounts } from '@parkside/auth';
import { seedDemoData, type Database } from '@parkside/db';

/** Demo events and the demo accounts (driver, host, admin); prints how to sign in. */
export async function seedDemo(db: Database) {
  const { events } = await seedDemoData(db);
  const accounts = await seedDemoAccounts(db);
  console.info(`Demo data ready: ${events} upcoming events and these accounts:`);
  for (const account of accounts) {
    console.info(
      `  ${account.role.padEnd(6)}  ${account.email.padEnd(20)}  password: ${account.password}`,
    );
  }
}
