import type { ApiTokenScope } from '@parkside/validators';

/** The API token a request was made with (none for the site's own session): what it may do. */
export interface RequestToken {
  id: string;
  scopes: readonly ApiTokenScope[];
}
