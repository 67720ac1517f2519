import { z } from './z';
import { EVENT_PAGE_SIZE_DEFAULT, EVENT_PAGE_SIZE_MAX, EVENT_SEARCH_MAX_LENGTH } from './limits';

/** A calendar day as typed into a date input: YYYY-MM-DD. */
const calendarDay = z.iso.date({ message: 'Use a date in the form YYYY-MM-DD.' });

export const eventListInput = z
  .object({
    q: z
      .string({ message: 'Search must be text.' })
      .trim()
      .max(EVENT_SEARCH_MAX_LENGTH, {
        message: `Search must be at most ${EVENT_SEARCH_MAX_LENGTH} characters.`,
      })
      .optional()
      .transform((value) => (value ? value : undefined)),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    limit: z
      .number({ message: 'Limit must be a number.' })
      .int({ message: 'Limit must be a whole number.' })
      .min(1, { message: 'Limit must be at least 1.' })
      .max(EVENT_PAGE_SIZE_MAX, { message: `Limit must be at most ${EVENT_PAGE_SIZE_MAX}.` })
      .default(EVENT_PAGE_SIZE_DEFAULT),
    cursor: z.string({ message: 'Cursor must be text.' }).max(200).optional(),
  })
  .strict()
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  })
  // No input at all (a bare GET /api/trpc/event.list) means "the first page, unfiltered".
  .prefault({});

export type EventListInput = z.input<typeof eventListInput>;

export const eventByIdInput = z
  .object({ id: z.uuid({ message: 'Event id must be a UUID.' }) })
  .strict();

/** The search form on /events, as it arrives in the URL. Empty fields mean "not set". */
export const eventSearchParams = z.object({
  q: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  cursor: z.string().optional(),
});

export const eventBySlugInput = z
  .object({
    slug: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .regex(/^[a-z0-9-]+$/, 'Slug must be lower-case words joined by hyphens.'),
  })
  .strict();
