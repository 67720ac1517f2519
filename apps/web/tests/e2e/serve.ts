/**
 * Playwright's web server: a fresh seeded database, a real SMTP server, a local OpenID provider
 * and a local address provider (answering as Photon does) on loopback, then the production build on E2E_PORT. A small control endpoint on
 * E2E_CONTROL_PORT lets specs read the mail that arrived and change provider accounts.
 * On SIGTERM it stops the server (which closes its database) and drops the database.
 */
import { startDevOidcProvider, type DevOidcAccount } from '@parkside/dev-oidc';
import { startTestSmtpServer } from '@parkside/email/testing';
import { startGeocoderTestServer } from '@parkside/geocoder/testing';
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENTRY } from './app-servers';
import { createFreshDatabase } from './fresh-database';

const port = process.env.E2E_PORT ?? '3210';
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? 3211);
const publicUrl = `http://127.0.0.1:${port}`;

// Uploaded files of this run only (the demo photos first); removed when the server stops.
const storageDir = mkdtempSync(join(tmpdir(), 'parkside-e2e-storage-'));
const database = await createFreshDatabase({ storageDir });
const smtp = await startTestSmtpServer();
const idp = await startDevOidcProvider({ redirectUris: [`${publicUrl}/auth/oidc/callback`] });
const geocoder = await startGeocoderTestServer('photon');

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${controlPort}`);
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url.pathname === '/mail') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return reply(
      200,
      smtp.messages.filter((m) => !to || m.to.includes(to)),
    );
  }
  // For specs that start servers of their own: the same SMTP server, so waitForEmail sees it.
  if (req.method === 'GET' && url.pathname === '/smtp') return reply(200, { url: smtp.url });
  if (req.method === 'POST' && url.pathname === '/oidc/accounts') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      idp.upsertAccount(JSON.parse(body) as DevOidcAccount);
      reply(200, { ok: true });
    });
    return;
  }
  if (req.method === 'POST' && url.pathname === '/smtp/failing') {
    const address = url.searchParams.get('address');
    const on = url.searchParams.get('on') === 'true';
    if (address) smtp.setFailing(address, on);
    else smtp.setFailing(on);
    return reply(200, { ok: true });
  }
  // The mail job to `to`, refused once and waiting to retry, runs out of attempts at once (the
  // System page's failed jobs). Only a job no server is running now: a leased job's run_at is its
  // lease's end (5 min ahead), a retry's at most 75 s, and the runner books a failed attempt after
  // the mail task has marked the message, so a job taken at that moment would be put back to
  // pending over this. Needs PostgreSQL: an embedded database is the server's own.
  if (req.method === 'POST' && url.pathname === '/jobs/give-up') {
    const to = url.searchParams.get('to') ?? '';
    if (!('DATABASE_URL' in database.env)) return reply(501, { error: 'PostgreSQL only' });
    const sql = postgres(database.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    void sql`update jobs set status = 'failed', attempts = max_attempts, finished_at = now(),
        last_error = 'The SMTP server refused the message (550).'
      where task = 'email.send' and status = 'pending' and last_error is not null
        and run_at < now() + interval '2 minutes'
        and (payload->>'emailId')::bigint in (select id from email_jobs where to_address = ${to})
      returning id`
      .then((rows) => reply(200, { failed: rows.length }))
      .catch((error: Error) => reply(500, { error: error.message }))
      .finally(() => sql.end());
    return;
  }
  reply(404, { error: 'not found' });
});
control.listen(controlPort, '127.0.0.1');

const server = spawn(process.execPath, [SERVER_ENTRY], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...database.env,
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Parkside <no-reply@parkside.test>',
    JOBS_POLL_MS: '200',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'Parkside test login',
    // Every browser test signs up (and mistypes) from 127.0.0.1; the limits themselves are
    // tested in packages/auth and in server.spec.
    SIGNUP_LIMIT_PER_HOUR: '1000',
    LOGIN_FAILURES_PER_CLIENT: '1000',
    STORAGE_DIR: storageDir,
    // The request log is tested in server/logging.test.ts; here it would bury the test report.
    LOG_LEVEL: 'warn',
    GEOCODER_KIND: 'photon',
    GEOCODER_URL: geocoder.url,
    // The test geocoder shares this process with the SMTP server and the OpenID provider; on a
    // loaded 2-core machine the product's 3 s limit (tested in packages/geocoder) would turn a
    // slow answer into "No answer".
    GEOCODER_TIMEOUT_MS: '20000',
    // The webhook specs' receivers listen on loopback.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

server.on('exit', async (code) => {
  control.close();
  await Promise.allSettled([smtp.close(), idp.close(), geocoder.close()]);
  rmSync(storageDir, { recursive: true, force: true });
  await database.drop().catch((error) => console.error('Could not drop the e2e database:', error));
  process.exit(stopping ? 0 : (code ?? 1));
});
