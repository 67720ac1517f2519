import { describe, expect, it } from 'vitest';
import { readEnv } from './env';
import { describeIntegrations, integrationsOf } from './integrations';
import { geocoderOf } from './services';

const none = {
  mailWorks: false,
  outbox: null,
  payments: { online: false },
  geocoder: null,
  wallet: { apple: null, google: null, offBecause: null },
  oauth: new Map(),
  uploadThingToken: null,
} as unknown as Parameters<typeof integrationsOf>[1];

describe('what the server says it is set up to do', () => {
  it('a first production deployment: each integration off, with the setting that turns it on', () => {
    const env = readEnv({ NODE_ENV: 'production' });
    const geocoder = geocoderOf(env, 'https://parking.example.com');
    const lines = describeIntegrations(integrationsOf(env, { ...none, geocoder })).split('\n');
    expect(lines).toEqual([
      '  Mail: off (no SMTP_URL: no e-mail can be sent, and sign-up says so)',
      '  Card payments: off (no STRIPE_SECRET_KEY: drivers pay hosts on arrival)',
      "  Address search: on (Photon's public instance (https://photon.komoot.io, fair use; set GEOCODER_KIND and GEOCODER_URL for your own, or GEOCODER_KIND=none))",
      '  Wallet passes: off (no Apple or Google Wallet keys)',
      '  Social sign-in: off (e-mail and password only)',
      "  File storage: on (on this server's disk (.data/storage); set UPLOADTHING_TOKEN for more than one server)",
      '  Shared cache: off (no CDN_SURROGATE_HEADER: no page is offered to a CDN or Varnish)',
      '  Read replicas: off (no DATABASE_REPLICA_URL: every read goes to the primary)',
      '  Webhooks: on (endpoints on /admin/webhooks; private, loopback and link-local addresses refused; secrets derived from a key kept in the database (set WEBHOOK_SIGNING_KEY to keep it outside))',
      '  Metrics: off (no METRICS_TOKEN: /metrics is off)',
    ]);
  });

  it('GEOCODER_KIND=none turns address search off and says what hosts do instead', () => {
    const env = readEnv({ NODE_ENV: 'production', GEOCODER_KIND: 'none' });
    expect(geocoderOf(env, 'https://parking.example.com')).toBeNull();
    expect(describeIntegrations(integrationsOf(env, none))).toContain(
      '  Address search: off (GEOCODER_KIND=none: hosts find their driveway with the pin, their position or coordinates)',
    );
  });

  it('refuses a replica that is not a PostgreSQL URL', () => {
    expect(() =>
      readEnv({
        NODE_ENV: 'production',
        DATABASE_REPLICA_URL: 'postgres://db-2/p, mysql://db-3/p',
      }),
    ).toThrow(/DATABASE_REPLICA_URL must be postgres:\/\/ URLs/);
  });

  it('refuses a provider that has no public default without its address', () => {
    expect(() => readEnv({ NODE_ENV: 'production', GEOCODER_KIND: 'nominatim' })).toThrow(
      /GEOCODER_URL/,
    );
    expect(() =>
      readEnv({ NODE_ENV: 'production', GEOCODER_URL: 'https://geo.example.com' }),
    ).toThrow(/GEOCODER_KIND/);
  });

  it('says how each configured one runs, and never prints a secret', () => {
    const env = readEnv({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mailer:s3cret-pass@mail.example.com:587',
      GEOCODER_KIND: 'photon',
      GEOCODER_URL: 'https://user:geo-secret@photon.example.com/api',
      METRICS_TOKEN: 'metrics-token-0123456789',
      WEBHOOK_SIGNING_KEY: 'webhook-key-0123456789-0123456789',
      DATABASE_REPLICA_URL:
        'postgres://reader:replica-secret@db-2:5432/parkside, postgres://reader:replica-secret@db-3:5432/parkside',
      REPLICA_MAX_LAG_MS: '1500',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    const text = describeIntegrations(
      integrationsOf(env, {
        ...none,
        mailWorks: true,
        payments: { online: true },
        geocoder: {},
        oauth: new Map([['google', {}]]),
        uploadThingToken: 'ut-token',
      } as unknown as Parameters<typeof integrationsOf>[1]),
    );
    expect(text).toContain('Mail: on (through SMTP_URL)');
    expect(text).toContain('Card payments: on (Stripe');
    expect(text).toContain('Address search: on (photon at https://photon.example.com)');
    expect(text).toContain('Social sign-in: on (google)');
    expect(text).toContain('File storage: on (UploadThing)');
    expect(text).toContain(
      "Read replicas: on (2 replicas; reads up to 1.5 s behind, a person's own changes never)",
    );
    expect(text).toContain(
      'Webhooks: on (endpoints on /admin/webhooks; WEBHOOK_ALLOW_PRIVATE=true: private, loopback and link-local addresses allowed)',
    );
    for (const secret of [
      's3cret-pass',
      'geo-secret',
      'metrics-token-0123456789',
      'ut-token',
      'replica-secret',
      'webhook-key-0123456789-0123456789',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
