import { createDatabase } from '../client';
import { loadRootEnvFile } from '../paths';

loadRootEnvFile();
const handle = await createDatabase();
try {
  await handle.migrate();
  console.info(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
