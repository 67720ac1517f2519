import type { SessionUser } from '@parkside/core';

/** What the session middleware found for this request: the signed-in user and session id. */
export interface RequestSession {
  id: string;
  user: SessionUser;
}
