import { createDatabase } from '../client';
import { loadRootEnvFile } from '../paths';
import { seedDemoData } from '../seed';

loadRootEnvFile();
const handle = await createDatabase();
try {
  await handle.migrate();
  const result = await seedDemoData(handle.db);
  console.info(`Demo data ready (${handle.kind}): ${result.events} events.`);
} finally {
  await handle.close();
}
