import type { SessionUser } from '@parkside/core';

/** What the site's frame shows of the signed-in person: the profile menu and the e-mail banner. */
export function frameUser(user: SessionUser) {
  return {
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
  };
}

export type FrameUser = ReturnType<typeof frameUser>;
