import {
  createContext,
  parseSettings,
  paymentTasks,
  geocodeTasks,
  scheduledMailTasks,
  webhookDeliverTask,
  webhookTasks,
  type Settings,
} from '@parkside/api';
import {
  type RequestToken,
  type SessionUser,
  createRateLimits,
  type RateLimits,
} from '@parkside/core';
import {
  ApiTokenVerifier,
  SessionKeeper,
  type ValidSession,
  createAuthService,
  createOAuthProviders,
  createSessionStore,
  type AuthService,
  type OAuthProvider,
  type OAuthProviderId,
} from '@parkside/auth';
import { createReplicaSet, type Database, type PoolStats } from '@parkside/db';
import {
  createMailer,
  createOutboxTransport,
  createSmtpTransport,
  type EmailTransport,
  type OutboxTransport,
} from '@parkside/email';
import { emailTasks } from '@parkside/email/queue';
import { createJobRunner, jobUpkeep, mergeTaskSets, type JobRunner } from '@parkside/jobs';
import { createStripeProvider, noPaymentProvider, type PaymentProvider } from '@parkside/payments';
import {
  createGeocoder,
  PHOTON_PUBLIC_URL,
  type Geocoder,
  type GeocoderKind,
} from '@parkside/geocoder';
import { silentLogger, type Logger } from './logging';
import { createMetrics, type Metrics } from './metrics';
import {
  createDiskBackend,
  createStorageService,
  createUploadThingBackend,
  type StorageService,
} from '@parkside/storage';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { findRepoRoot } from '@parkside/db';
import { replicaUrlsOf, type ServerEnv } from './env';
import type { ReplicaReads, ReplicaRouting } from './replica-reads';
import { googleWalletTasks } from './google-wallet';
import { walletOf, type WalletSettings } from './wallet';
import { cdnOf, cdnTasks, type CdnSettings } from './cdn';

/** Development and tests sign app-check tokens with this; production sets APP_CHECK_SECRET. */
const DEVELOPMENT_APP_CHECK_SECRET = 'parkside-development-app-check-secret-not-for-production';

/** Everything the server builds once at start and hands to each request. */
export interface Services {
  db: Database;
  auth: AuthService;
  oauth: Map<OAuthProviderId, OAuthProvider>;
  /** The marketplace's settings (fee, refund window, public URL, pass key), parsed once here. */
  settings: Settings;
  /** Cookies carry Secure in production. */
  secureCookies: boolean;
  /** Development without SMTP: the mail the site sent, shown at /dev/outbox. */
  outbox: OutboxTransport | null;
  /** False in production without SMTP_URL: every e-mail fails (and says so). */
  mailWorks: boolean;
  /** Rate limits in PostgreSQL, shared by the auth flows and the API. */
  limits: RateLimits;
  /** Runs the background jobs: the mail the API queues (bookings, cancellations, wait-list). */
  jobs: JobRunner;
  /** The shared cache in front of the servers, if any (decision 069). */
  cdn: CdnSettings;
  /** Object storage: metadata in PostgreSQL, bytes on disk or at UploadThing. */
  storage: StorageService;
  appCheckSecret: string;
  /** Bearer tokens of internal tools, kept a moment while the server listens for changes. */
  apiTokens: ApiTokenVerifier;
  /** Set when UploadThing holds the bytes (browsers then upload straight to it). */
  uploadThingToken: string | null;
  /** Stripe when its keys are set; otherwise `none` (every booking due on arrival). */
  payments: PaymentProvider;
  /** The provider's pages a form may send the browser to (Checkout, payout onboarding). */
  paymentPages: string[];
  /** Address search for the host forms; null when GEOCODER_KIND is `none`. */
  geocoder: Geocoder | null;
  /** This server's Prometheus registry and the figures it keeps (decision 038). */
  metrics: Metrics;
  /** The bearer token /metrics asks for; unset, /metrics is off. */
  metricsToken: string | undefined;
  /** Apple and Google Wallet passes, where the operator configured their keys. */
  wallet: WalletSettings;
  /** Where reads that may be a moment old go (decision 070); no replicas: the primary. */
  replicaRouting: ReplicaRouting;
}

/**
 * Which address provider this environment uses (decision 059): the one configured, Photon's public
 * instance when none is, or none when GEOCODER_KIND is `none`.
 */
export function geocoderSettingOf(env: ServerEnv): { kind: GeocoderKind; url: string } | null {
  if (env.GEOCODER_KIND === 'none') return null;
  // env.ts refuses a Pelias or Nominatim kind without its URL.
  return { kind: env.GEOCODER_KIND ?? 'photon', url: env.GEOCODER_URL ?? PHOTON_PUBLIC_URL };
}

/** The address provider of this environment, or none. */
export function geocoderOf(env: ServerEnv, publicUrl: string): Geocoder | null {
  const setting = geocoderSettingOf(env);
  if (!setting) return null;
  return createGeocoder({
    ...setting,
    key: env.GEOCODER_KEY,
    timeoutMs: env.GEOCODER_TIMEOUT_MS,
    userAgent: `Parkside (${publicUrl})`,
  });
}

function paymentPagesOf(env: ServerEnv): string[] {
  if (!env.STRIPE_SECRET_KEY) return [];
  return [
    'https://checkout.stripe.com',
    'https://connect.stripe.com',
    ...(env.STRIPE_API_BASE ? [new URL(env.STRIPE_API_BASE).origin] : []),
  ];
}

/** The payment provider of this environment: Stripe with its keys, else none. */
export function paymentProviderOf(env: ServerEnv): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return noPaymentProvider;
  return createStripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiBase: env.STRIPE_API_BASE,
  });
}

function appCheckSecretOf(env: ServerEnv): string {
  if (env.APP_CHECK_SECRET) return env.APP_CHECK_SECRET;
  if (env.NODE_ENV !== 'production') return DEVELOPMENT_APP_CHECK_SECRET;
  console.warn(
    'APP_CHECK_SECRET is not set: using a random one, so app-check tokens do not survive a restart.',
  );
  return randomBytes(32).toString('base64url');
}

/** Fails every send: production without SMTP_URL must not pretend mail went out. */
const noTransport: EmailTransport = {
  send: () => Promise.reject(new Error('No SMTP_URL is configured: e-mail cannot be sent.')),
};

/** An OpenID provider that stands in for OIDC_* (the local one, in development). */
export interface OidcOverride {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label?: string;
}

export function createServices(
  db: Database,
  env: ServerEnv,
  overrides: {
    publicUrl: string;
    oidc?: OidcOverride;
    logger?: Logger;
    /** The database's connection pool, for /metrics (PostgreSQL only). */
    poolStats?: () => PoolStats;
  },
): Services {
  const logger = overrides.logger ?? silentLogger;
  const replicaUrls = replicaUrlsOf(env);
  const replicas = replicaUrls.length
    ? createReplicaSet({ primary: db, urls: replicaUrls, maxLagMs: env.REPLICA_MAX_LAG_MS })
    : null;
  const metrics = createMetrics({
    db,
    poolStats: overrides.poolStats,
    replicas: replicas?.status,
  });
  const production = env.NODE_ENV === 'production';
  const outbox = !env.SMTP_URL && !production ? createOutboxTransport() : null;
  const transport = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : (outbox ?? noTransport);
  const secureCookies = production;
  const limits = createRateLimits(db, {
    signup: env.SIGNUP_LIMIT_PER_HOUR,
    loginFailuresByClient: env.LOGIN_FAILURES_PER_CLIENT,
  });
  const mailer = createMailer({ transport, from: env.MAIL_FROM });
  const payments = paymentProviderOf(env);
  const settings = parseSettings({
    platformFeeBps: env.PLATFORM_FEE_BPS,
    cancelFullRefundHours: env.CANCEL_FULL_REFUND_HOURS,
    publicUrl: overrides.publicUrl,
    passSecret: env.PASS_SECRET ?? null,
    webhookKey: env.WEBHOOK_SIGNING_KEY ?? null,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? false,
  });
  const wallet = walletOf(env, settings.publicUrl);
  const cdn = cdnOf(env);
  // Every module's background work, one task contract each (packages/jobs/src/task.ts).
  const work = mergeTaskSets(
    emailTasks({ db, mailer }),
    scheduledMailTasks({ db, publicUrl: settings.publicUrl }),
    paymentTasks({ db, payments, publicUrl: settings.publicUrl }),
    jobUpkeep({ db }),
    geocodeTasks({ db }),
    googleWalletTasks({ db, google: wallet.google, passSecret: env.PASS_SECRET ?? null }),
    cdnTasks({ purger: cdn.purger }),
    webhookTasks({
      db,
      key: settings.webhookKey,
      allowPrivate: settings.webhookAllowPrivate,
    }),
  );
  const jobs = createJobRunner({
    db,
    tasks: work.tasks,
    schedules: work.schedules,
    pollIntervalMs: env.JOBS_POLL_MS,
    concurrency: env.JOBS_CONCURRENCY,
    // Receivers that do not answer take 10 s a delivery: never every place (mail waits otherwise).
    maxRunning: { [webhookDeliverTask.name]: Math.max(1, Math.floor(env.JOBS_CONCURRENCY / 2)) },
    // One line per attempt (decision 037): the task, never its payload (addresses, e-mails).
    onRun: (job, outcome) => {
      metrics.jobAttempt(job.task, outcome.ok ? 'ok' : outcome.failed ? 'failed' : 'retry');
      logger.info(
        {
          jobId: job.id,
          task: job.task,
          attempt: job.attempts,
          ok: outcome.ok,
          durationMs: outcome.durationMs,
          ...(outcome.failed ? { failedForGood: true } : {}),
        },
        'job',
      );
    },
    onError: (error, job) =>
      logger.warn(
        {
          jobId: job.id,
          task: job.task,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
          // An SMTP refusal may name its recipient: addresses never reach the log.
          error: (error instanceof Error ? error.message : String(error)).replace(
            /[^\s@<>"']+@[^\s@<>"']+/g,
            '[e-mail]',
          ),
        },
        'job attempt failed',
      ),
  });
  const auth = createAuthService({
    db,
    // Sessions checked a moment ago are kept while this server listens for changes (start.ts).
    sessions: createSessionStore(db, {
      secure: secureCookies,
      keeper: new SessionKeeper<ValidSession>(),
    }),
    limits,
    mailer,
    publicUrl: settings.publicUrl,
  });
  const oauth = createOAuthProviders({
    publicUrl: settings.publicUrl,
    google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET },
    github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET },
    oidc: overrides.oidc ?? {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      label: env.OIDC_NAME,
    },
  });
  const storage = createStorage(db, env);
  return {
    db,
    auth,
    storage,
    appCheckSecret: appCheckSecretOf(env),
    uploadThingToken: env.UPLOADTHING_TOKEN ?? null,
    oauth,
    settings,
    secureCookies,
    outbox,
    mailWorks: transport !== noTransport,
    limits,
    jobs,
    apiTokens: new ApiTokenVerifier(db),
    payments,
    paymentPages: paymentPagesOf(env),
    geocoder: geocoderOf(env, settings.publicUrl),
    metrics,
    metricsToken: env.METRICS_TOKEN,
    wallet,
    cdn,
    replicaRouting: { replicas, maxLagMs: env.REPLICA_MAX_LAG_MS, secureCookies },
  };
}

/** Object storage as configured: UploadThing with a token, otherwise files on local disk. */
export function createStorage(db: Database, env: ServerEnv): StorageService {
  return createStorageService({
    db,
    bucket: env.STORAGE_BUCKET,
    quotaBytes: env.STORAGE_QUOTA_MB * 1024 * 1024,
    backend: env.UPLOADTHING_TOKEN
      ? createUploadThingBackend({ token: env.UPLOADTHING_TOKEN })
      : createDiskBackend(env.STORAGE_DIR ?? join(findRepoRoot(), '.data', 'storage')),
  });
}

/** The API context of a request, with its signed-in user and client address. */
export function apiContext(
  services: Services,
  request: { headers: Headers; clientIp: string },
  user: SessionUser | null,
  token: RequestToken | null = null,
  reads: ReplicaReads = {},
) {
  return createContext({
    ...reads,
    db: services.db,
    headers: request.headers,
    user,
    token,
    clientIp: request.clientIp,
    limits: services.limits,
    settings: services.settings,
    storage: services.storage,
    payments: services.payments,
    geocoder: services.geocoder,
  });
}
