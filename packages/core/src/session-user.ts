import type { User } from '@parkside/db';

/** The user of a request: the stored fields plus isAdmin, derived from `admins` at load time. */
export type SessionUser = User & { isAdmin: boolean };
