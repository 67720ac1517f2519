/**
 * What this server is set up to do, said once at start (decision 057): for each integration,
 * whether it is on and, when off, the setting that turns it on. An operator reading the first
 * lines of the log knows why the site takes no card, sends no mail or suggests no address.
 */
import { replicaUrlsOf, type ServerEnv } from './env';
import { geocoderSettingOf, type Services } from './services';
import { PHOTON_PUBLIC_URL } from '@parkside/geocoder';

function geocoderDetail(env: ServerEnv, on: boolean) {
  const setting = geocoderSettingOf(env);
  if (!on || !setting) {
    return 'GEOCODER_KIND=none: hosts find their driveway with the pin, their position or coordinates';
  }
  if (setting.url === PHOTON_PUBLIC_URL) {
    return `Photon's public instance (${PHOTON_PUBLIC_URL}, fair use; set GEOCODER_KIND and GEOCODER_URL for your own, or GEOCODER_KIND=none)`;
  }
  return `${setting.kind} at ${new URL(setting.url).origin}`;
}

export interface Integration {
  name: string;
  on: boolean;
  /** How it runs when on; what turns it on when off. */
  detail: string;
}

export function integrationsOf(
  env: ServerEnv,
  services: Pick<
    Services,
    'mailWorks' | 'outbox' | 'payments' | 'geocoder' | 'wallet' | 'oauth' | 'uploadThingToken'
  >,
): Integration[] {
  const providers = [...services.oauth.keys()];
  const wallets = [
    services.wallet.apple ? 'Apple' : null,
    services.wallet.google ? 'Google' : null,
  ].filter(Boolean);
  return [
    {
      name: 'Mail',
      on: services.mailWorks,
      detail: env.SMTP_URL
        ? 'through SMTP_URL'
        : services.outbox
          ? 'kept in the development outbox (/dev/outbox); set SMTP_URL to send'
          : 'no SMTP_URL: no e-mail can be sent, and sign-up says so',
    },
    {
      name: 'Card payments',
      on: services.payments.online,
      detail: services.payments.online
        ? 'Stripe: drivers of hosts with payouts pay when they book'
        : 'no STRIPE_SECRET_KEY: drivers pay hosts on arrival',
    },
    {
      name: 'Address search',
      on: services.geocoder !== null,
      detail: geocoderDetail(env, services.geocoder !== null),
    },
    {
      name: 'Wallet passes',
      on: wallets.length > 0,
      detail:
        wallets.length > 0
          ? wallets.join(' and ')
          : (services.wallet.offBecause ?? 'no Apple or Google Wallet keys'),
    },
    {
      name: 'Social sign-in',
      on: providers.length > 0,
      detail: providers.length > 0 ? providers.join(', ') : 'e-mail and password only',
    },
    {
      name: 'File storage',
      on: true,
      detail: services.uploadThingToken
        ? 'UploadThing'
        : `on this server's disk (${env.STORAGE_DIR ?? '.data/storage'}); set UPLOADTHING_TOKEN for more than one server`,
    },
    {
      name: 'Shared cache',
      on: Boolean(env.CDN_SURROGATE_HEADER),
      detail: env.CDN_SURROGATE_HEADER
        ? `signed-out pages offered for ${env.CDN_MAX_AGE_SECONDS} s under ${env.CDN_SURROGATE_HEADER} keys; ${
            env.CDN_PURGE_URLS
              ? `purged at ${env.CDN_KIND}`
              : 'no CDN_PURGE_URLS: copies live out their max age'
          }`
        : 'no CDN_SURROGATE_HEADER: no page is offered to a CDN or Varnish',
    },
    {
      name: 'Read replicas',
      on: replicaUrlsOf(env).length > 0,
      detail: replicaUrlsOf(env).length
        ? `${replicaUrlsOf(env).length === 1 ? '1 replica' : `${replicaUrlsOf(env).length} replicas`}; reads up to ${env.REPLICA_MAX_LAG_MS / 1000} s behind, a person's own changes never`
        : 'no DATABASE_REPLICA_URL: every read goes to the primary',
    },
    {
      name: 'Webhooks',
      on: true,
      detail: `endpoints on /admin/webhooks; ${
        env.WEBHOOK_ALLOW_PRIVATE
          ? 'WEBHOOK_ALLOW_PRIVATE=true: private, loopback and link-local addresses allowed'
          : 'private, loopback and link-local addresses refused'
      }${env.WEBHOOK_SIGNING_KEY ? '' : '; secrets derived from a key kept in the database (set WEBHOOK_SIGNING_KEY to keep it outside)'}`,
    },
    {
      name: 'Metrics',
      on: Boolean(env.METRICS_TOKEN),
      detail: env.METRICS_TOKEN
        ? '/metrics with METRICS_TOKEN'
        : 'no METRICS_TOKEN: /metrics is off',
    },
  ];
}

/** One line per integration, e.g. "  Mail: off (no SMTP_URL: …)". */
export function describeIntegrations(integrations: Integration[]): string {
  return integrations
    .map(({ name, on, detail }) => `  ${name}: ${on ? 'on' : 'off'} (${detail})`)
    .join('\n');
}
