import type { ApiCaller } from '@parkside/api';

declare module '@remix-run/node' {
  /** What the Express server hands every loader and action. */
  interface AppLoadContext {
    /** The tRPC router, called in process with this request's context. */
    api: ApiCaller;
    /** The nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
  }
}
