/**
 * The production entry. Vite builds it in the same SSR build as the Remix app, so the server
 * and every route share one copy of each module (one `AppError` class, one of every cache).
 */
import { loadRootEnvFile } from '@parkside/db';
import * as build from 'virtual:remix/server-build';
import { readEnv } from './env';
import { startServer } from './start';

loadRootEnvFile();
await startServer({ env: readEnv(), getBuild: async () => build });
