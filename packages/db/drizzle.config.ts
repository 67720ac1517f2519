import { defineConfig } from 'drizzle-kit';
import { defaultDataDir } from './src/paths';

// `db:generate` only diffs the schema against the committed snapshots; `db:studio` opens the
// database the app would use: PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise.
const url = process.env.DATABASE_URL;

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  // drizzle-kit wants a path relative to this file.
  out: '../../drizzle',
  ...(url
    ? { dbCredentials: { url } }
    : { driver: 'pglite', dbCredentials: { url: defaultDataDir() } }),
  strict: true,
  verbose: true,
});
