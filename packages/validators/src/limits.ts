/** Limits shared by forms and procedures. No zod here: pages can import these for free. */
export const EVENT_SEARCH_MAX_LENGTH = 100;
export const EVENT_PAGE_SIZE_DEFAULT = 12;
export const EVENT_PAGE_SIZE_MAX = 50;
/** Driveways /rent shows at first, and how many more each "Show more" adds. */
export const LISTING_PAGE_SIZE = 12;
export const LISTING_PAGE_MAX = 500;

export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MAX_LENGTH = 32;
export const ADDRESS_MAX_LENGTH = 200;
export const URL_MAX_LENGTH = 2048;

export const FEEDBACK_MAX_LENGTH = 1000;
/** The customer's text. */
export const FEEDBACK_EMPTY_MESSAGE = 'Feedback cannot be empty.';

export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_DESCRIPTION_MAX_LENGTH = 2000;
export const EVENT_ATTENDANCE_MAX = 2_000_000;
export const EVENT_CANCEL_REASON_MAX_LENGTH = 500;
/** How many events a page of /registered-events or /archived-events shows. */
export const MY_EVENTS_PAGE_SIZE = 24;
/** The last page number asked for that is taken seriously (24 x 10,000 events). */
export const MY_EVENTS_PAGE_MAX = 10_000;
