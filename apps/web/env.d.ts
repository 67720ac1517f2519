import type { ApiCaller, Settings } from '@parkside/api';
import type { AuthService, OAuthProvider, OAuthProviderId } from '@parkside/auth';
import type { ReplicaStatus } from '@parkside/db';
import type { OutboxTransport } from '@parkside/email';
import type { KeptRequest } from './server/kept-parts';
import type { RequestSession } from './server/request-session';
import type { WalletSettings } from './server/wallet';

declare module '@remix-run/node' {
  /** What the Express server hands every loader and action. */
  interface AppLoadContext {
    /** The tRPC router, called in process with this request's context and user. */
    api: ApiCaller;
    /** The shared part of this page, kept between requests until what it shows changes. */
    kept: KeptRequest;
    /** The nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
    /** The signed-in user and session id, or null. */
    session: RequestSession | null;
    /** Sign-in, sign-up, verification, reset: flows that set cookies. */
    auth: AuthService;
    /** Social and OpenID logins that are configured. */
    oauth: Map<OAuthProviderId, OAuthProvider>;
    /** The marketplace's settings: fee, refund window, public URL (parsed once at start). */
    settings: Settings;
    /** Card payments are set up (Stripe): drivers of hosts with payouts pay when they book. */
    onlinePayments: boolean;
    secureCookies: boolean;
    /** Mail can leave: an SMTP server is set, or (in development) the outbox keeps it. */
    mailWorks: boolean;
    /** Development only: mail kept in memory and shown at /dev/outbox. */
    outbox: OutboxTransport | null;
    clientIp: string;
    /** The storage bucket in upload and download URLs (STORAGE_BUCKET). */
    storageBucket: string;
    /** True when UploadThing holds uploaded files (browsers upload straight to it). */
    uploadThing: boolean;
    /** Apple and Google Wallet passes, where the operator configured their keys (decision 042). */
    wallet: WalletSettings;
    /** The read replicas as this server sees them now (decision 070); empty without any. */
    replicas: ReplicaStatus[];
    /** This request's id, as logged and sent back in X-Request-Id (error screens show it). */
    requestId: string;
  }
}
