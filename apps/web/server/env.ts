import { GEOCODER_KINDS } from '@parkside/geocoder';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** Every variable the server reads, checked once at start so a typo fails loudly. */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    /**
     * Streaming replicas of DATABASE_URL, comma-separated (decision 070): reads that may be a
     * moment old go to them.
     */
    DATABASE_REPLICA_URL: z.string().optional(),
    /** A replica further behind the primary than this is skipped (milliseconds). */
    REPLICA_MAX_LAG_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
    PGLITE_DATA_DIR: z.string().optional(),
    SEED_ON_START: flag,
    /** The site's public origin, used in e-mailed links and OAuth callbacks. */
    PUBLIC_URL: z
      .url({ message: 'PUBLIC_URL must be a URL like https://parkside.example' })
      .optional(),
    /** smtp(s)://user:pass@host:port. Without it, development keeps mail in /dev/outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Parkside <no-reply@parkside.example>'),
    /** How often the job runner (mail and other background work) looks for due jobs, in ms. */
    JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** How many background jobs one server runs at once (a slow one holds only its place). */
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GITHUB_CLIENT_ID: z.string().optional(),
    GITHUB_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_NAME: z.string().optional(),
    /** Start the local OpenID provider for social login in development (default: on). */
    DEV_OIDC: flag,
    /** The platform's fee on each booking, in basis points (1500 = 15 %). */
    PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(1500),
    /** Hours before an event a driver's cancellation is refunded in full. */
    CANCEL_FULL_REFUND_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    /** New accounts per client address per hour. */
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).optional(),
    /** Failed sign-ins per client address per 15 minutes before failures answer 429. */
    LOGIN_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).optional(),
    /** Proxies in front of the app whose X-Forwarded-For is trusted (0: none). */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Keep /rent and /events until what they show changes: whole for signed-out visitors, their
     * shared part for signed-in ones (decisions 020 and 027).
     * Default: on, except in development, where code changes must show at once.
     */
    PAGE_CACHE: flag,
    DEV_OIDC_PORT: z.coerce.number().int().min(0).max(65_535).default(3001),
    /** Signs the short-lived app-check tokens the site gives its own pages (32+ characters). */
    APP_CHECK_SECRET: z
      .string()
      .min(32, 'APP_CHECK_SECRET must be at least 32 characters')
      .optional(),
    /** The storage bucket's name in upload and download URLs. */
    STORAGE_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,62}$/,
        'STORAGE_BUCKET: lower-case letters, digits, dots, dashes',
      )
      .default('parkside'),
    /** Where the local disk backend keeps the bytes (default .data/storage). */
    STORAGE_DIR: z.string().optional(),
    /** Storage each user may use, in megabytes. */
    STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_000).default(25),
    /** When set, UploadThing holds the bytes instead of the local disk. */
    UPLOADTHING_TOKEN: z.string().optional(),
    /**
     * Stripe (all three or none): drivers pay by Stripe Checkout and hosts are paid out with
     * Connect. Without them every booking is due on arrival.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must start with sk_test_ or sk_live_')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_/, 'STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
      .optional(),
    /**
     * Signs the check-in codes on parking passes (32+ characters). Empty: a key made once and kept
     * in the database, shared by every server.
     */
    PASS_SECRET: z.string().min(32, 'PASS_SECRET must be at least 32 characters').optional(),
    /**
     * Derives each webhook endpoint's signing secret (32+ characters; decision 068). Empty: a key
     * made once and kept in the database.
     */
    WEBHOOK_SIGNING_KEY: z
      .string()
      .min(32, 'WEBHOOK_SIGNING_KEY must be at least 32 characters')
      .optional(),
    /** Webhooks may reach private, loopback and link-local addresses (default false). */
    WEBHOOK_ALLOW_PRIVATE: flag,
    /** Another address for Stripe's API: a local server that answers as Stripe does (tests). */
    STRIPE_API_BASE: z.url().optional(),
    /**
     * Address search on the host forms (decisions 036, 059): which API GEOCODER_URL speaks. Photon
     * and Pelias suggest as the host types; Nominatim only searches and reverses, one request a
     * second. Unset (with no GEOCODER_URL): Photon's public instance. `none`: no address search
     * (the pin, the browser's position and typed coordinates still work).
     */
    GEOCODER_KIND: z.enum([...GEOCODER_KINDS, 'none']).optional(),
    GEOCODER_URL: z.url().optional(),
    /** Pelias: the API key; Nominatim: a contact e-mail sent with each request. */
    GEOCODER_KEY: z.string().optional(),
    /**
     * Apple Wallet passes (decision 042): the Pass Type ID and team, the pass certificate and its
     * key (PEM text, or a file path), the key's passphrase, and Apple's WWDR certificate. Unset:
     * no "Add to Apple Wallet".
     */
    APPLE_WALLET_PASS_TYPE_ID: z.string().min(1).optional(),
    APPLE_WALLET_TEAM_ID: z.string().min(1).optional(),
    APPLE_WALLET_CERT: z.string().min(1).optional(),
    APPLE_WALLET_KEY: z.string().min(1).optional(),
    APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
    APPLE_WALLET_WWDR_CERT: z.string().min(1).optional(),
    /**
     * Google Wallet: the issuer id, and the service account's JSON key (its text, or a file path)
     * that signs "Save to Google Wallet" links. Unset: no Google Wallet button.
     */
    GOOGLE_WALLET_ISSUER_ID: z.string().min(1).optional(),
    GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().min(1).optional(),
    /** The Wallet API's address: Google's unless a test points it at a local server. */
    GOOGLE_WALLET_API_URL: z.url().optional(),
    /** What the admin System page shows as this server's version (a release tag or commit). */
    APP_VERSION: z.string().max(100).optional(),
    /** The bearer token Prometheus sends to GET /metrics (16+ characters). Unset: /metrics is off. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** How much the log says: info (one line per request and job), warn, error, or silent. */
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /**
     * On SIGTERM, how long requests in flight may take to finish before their connections are
     * closed (decision 052). The process exits at most a few seconds after that.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Milliseconds before an address lookup is given up. */
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    /**
     * A shared cache in front of the servers (decision 069): the header signed-out pages name
     * their surrogate keys in, `xkey` (Varnish) or `Surrogate-Key` (Fastly and the like). Unset:
     * no page is offered to a shared cache.
     */
    CDN_SURROGATE_HEADER: z.enum(['xkey', 'Surrogate-Key']).optional(),
    /** How long the shared cache may serve a page without asking (purges end it sooner). */
    CDN_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Where purges go, comma-separated: each Varnish, or Fastly's service URL. */
    CDN_PURGE_URLS: z.string().optional(),
    /** What CDN_PURGE_URLS are (default varnish). */
    CDN_KIND: z.enum(['varnish', 'fastly']).default('varnish'),
    /** Fastly's API token, for purges (CDN_KIND=fastly). */
    FASTLY_API_TOKEN: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.CDN_KIND === 'fastly' && env.CDN_PURGE_URLS && !env.FASTLY_API_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['FASTLY_API_TOKEN'],
        message: 'Set FASTLY_API_TOKEN: Fastly purges need an API token',
      });
    }
    for (const url of replicaUrlsOf(env)) {
      if (!/^postgres(ql)?:\/\//.test(url)) {
        ctx.addIssue({
          code: 'custom',
          path: ['DATABASE_REPLICA_URL'],
          message: 'DATABASE_REPLICA_URL must be postgres:// URLs, comma-separated',
        });
      }
    }
    for (const url of (env.CDN_PURGE_URLS ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean)) {
      if (!URL.canParse(url)) {
        ctx.addIssue({
          code: 'custom',
          path: ['CDN_PURGE_URLS'],
          message: `CDN_PURGE_URLS: ${url} is not an address`,
        });
      }
    }
    if (env.GEOCODER_URL && (!env.GEOCODER_KIND || env.GEOCODER_KIND === 'none')) {
      ctx.addIssue({
        code: 'custom',
        path: ['GEOCODER_KIND'],
        message: 'Set GEOCODER_KIND to the API GEOCODER_URL speaks (photon, pelias or nominatim)',
      });
    }
    if (
      !env.GEOCODER_URL &&
      (env.GEOCODER_KIND === 'pelias' || env.GEOCODER_KIND === 'nominatim')
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['GEOCODER_URL'],
        message: `Set GEOCODER_URL: ${env.GEOCODER_KIND} has no default address here`,
      });
    }
    const apple = [
      env.APPLE_WALLET_PASS_TYPE_ID,
      env.APPLE_WALLET_TEAM_ID,
      env.APPLE_WALLET_CERT,
      env.APPLE_WALLET_KEY,
      env.APPLE_WALLET_WWDR_CERT,
    ];
    if (apple.some(Boolean) && !apple.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['APPLE_WALLET_CERT'],
        message:
          'Set APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT, APPLE_WALLET_KEY and APPLE_WALLET_WWDR_CERT together, or none of them',
      });
    }
    if (Boolean(env.GOOGLE_WALLET_ISSUER_ID) !== Boolean(env.GOOGLE_WALLET_SERVICE_ACCOUNT)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_WALLET_SERVICE_ACCOUNT'],
        message:
          'Set GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT together, or neither',
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none of them',
      });
    }
  });

export type ServerEnv = z.output<typeof schema>;

export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  // An empty value (as copied from .env.example) means "not set".
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(set);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** The replicas' URLs of DATABASE_REPLICA_URL, in order. */
export function replicaUrlsOf(env: { DATABASE_REPLICA_URL?: string }): string[] {
  return (env.DATABASE_REPLICA_URL ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}
