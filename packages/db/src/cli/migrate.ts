import { createDatabase } from '../client';

const handle = await createDatabase();
try {
  await handle.migrate();
  console.info(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
