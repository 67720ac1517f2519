/** `npm run db:seed`: demo data for development, on the configured database. Idempotent. */
import { createDatabase, loadRootEnvFile } from '@parkside/db';
import { seedDemo } from './demo-data';
import { readEnv } from './env';
import { createStorage } from './services';

loadRootEnvFile();
if (process.env.NODE_ENV === 'production') {
  console.error('Refusing to seed demo accounts with known passwords while NODE_ENV=production.');
  process.exit(1);
}
const handle = await createDatabase();
try {
  await handle.migrate();
  await seedDemo(handle.db, { storage: createStorage(handle.db, readEnv()) });
} finally {
  await handle.close();
}
