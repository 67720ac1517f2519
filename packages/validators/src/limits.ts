/** Limits shared by forms and procedures. No zod here: pages can import these for free. */
export const EVENT_SEARCH_MAX_LENGTH = 100;
export const EVENT_PAGE_SIZE_DEFAULT = 12;
export const EVENT_PAGE_SIZE_MAX = 50;
