/**
 * The development entry (`npm run dev`): Vite serves the app with hot reload, and a real OpenID
 * provider on loopback makes social login work with no accounts set up (DEV_OIDC). Neither is
 * part of the production build.
 */
import { loadRootEnvFile } from '@parkside/db';
import type { ServerBuild } from '@remix-run/node';
import { createServer } from 'vite';
import { readEnv } from './env';
import { publicUrlOf, startServer } from './start';

loadRootEnvFile();
const env = readEnv();

const viteDevServer = await createServer({ server: { middlewareMode: true } });

const devOidc =
  (env.DEV_OIDC ?? true) && !env.OIDC_ISSUER
    ? await import('@parkside/dev-oidc').then(({ startDevOidcProvider, DEV_OIDC_ACCOUNTS }) =>
        startDevOidcProvider({
          port: env.DEV_OIDC_PORT,
          redirectUris: [new URL('/auth/oidc/callback', publicUrlOf(env)).toString()],
          accounts: DEV_OIDC_ACCOUNTS,
        }),
      )
    : undefined;
if (devOidc) console.info(`Local OpenID provider for social login: ${devOidc.issuer}`);

await startServer({
  env,
  getBuild: () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
  viteDevServer,
  oidc: devOidc && {
    issuer: devOidc.issuer,
    clientId: devOidc.clientId,
    clientSecret: devOidc.clientSecret,
    label: 'Parkside test login',
  },
  onClose: async () => {
    await viteDevServer.close();
    await devOidc?.close();
  },
});
