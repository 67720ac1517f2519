import { seedDemoAccounts } from '@parkside/auth';
import { seedDemoData, seedDemoListings, type Database } from '@parkside/db';

/** Demo events and the demo accounts (driver, host, admin); prints how to sign in. */
export async function seedDemo(db: Database) {
  const { events } = await seedDemoData(db);
  const accounts = await seedDemoAccounts(db);
  await seedDemoListings(db);
  console.info(
    `Demo data ready: ${events} upcoming events, driveways near them, and these accounts:`,
  );
  for (const account of accounts) {
    console.info(
      `  ${account.role.padEnd(6)}  ${account.email.padEnd(20)}  password: ${account.password}`,
    );
  }
}
