/**
 * `npm run api-token -- --email admin@example.com --name "ops" --scopes read,admin [--expires 90d]
 * [--rate-limit 600]`: makes an API token on the configured database and prints its secret once.
 * For a fresh install, before anyone can sign in to make one on the site. The same rules as the
 * site: the user must exist with a verified e-mail, and only an admin's token may hold `admin`.
 */
import { createCaller, createContext } from '@parkside/api';
import { publicMessageOf } from '@parkside/api/errors';
import { loadUser } from '@parkside/auth';
import { createDatabase, loadRootEnvFile, users } from '@parkside/db';
import { API_TOKEN_SCOPES, parseExpiryDays } from '@parkside/validators';
import { eq, sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run api-token -- --email <e-mail> --name <name> --scopes <scope,scope>
                          [--expires <days>d] [--rate-limit <calls a minute>]

Scopes: ${API_TOKEN_SCOPES.join(', ')}`;

function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      expires: { type: 'string' },
      'rate-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  usage((error as Error).message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!values.email) usage('Give the owner with --email.');
if (!values.name) usage('Name the token with --name.');
if (!values.scopes) usage('Give the scopes with --scopes.');
const scopes = values.scopes.split(',').map((scope) => scope.trim());
const unknown = scopes.filter((scope) => !(API_TOKEN_SCOPES as readonly string[]).includes(scope));
if (unknown.length > 0) usage(`Unknown scope: ${unknown.join(', ')}.`);
const expiresInDays = values.expires === undefined ? undefined : parseExpiryDays(values.expires);
if (expiresInDays === null) usage('--expires takes a number of days, such as 90d.');
const rateLimit = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
if (rateLimit !== undefined && !Number.isInteger(rateLimit)) usage('--rate-limit takes a number.');

loadRootEnvFile();
const handle = await createDatabase();
try {
  await handle.migrate();
  const [row] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, values.email.trim().toLowerCase()));
  const owner = row ? await loadUser(handle.db, row.id) : null;
  if (!owner) {
    console.error(`No user has the e-mail ${values.email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    const api = createCaller(createContext({ db: handle.db, user: owner }));
    const token = await api.apiToken.create({
      name: values.name,
      scopes: scopes as never,
      expiresInDays,
      rateLimitPerMinute: rateLimit,
    });
    const expiry = token.expiresAt ? `expires ${token.expiresAt.toISOString()}` : 'never expires';
    console.error(
      `Token “${token.name}” for ${owner.email} (${token.scopes.join(', ')}; ${expiry}). It is shown only once:`,
    );
    process.stdout.write(`${token.secret}\n`);
  }
} catch (error) {
  console.error(publicMessageOf(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
