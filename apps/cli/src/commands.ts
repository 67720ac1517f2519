import type { ParksideClient, RouterOutputs } from '@parkside/client';
import { EVENT_IMPORT_BATCH_MAX, eventImportRowSchema } from '@parkside/validators';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readCsv, writeCsv } from './csv';
import { progress, table, UsageError, type Io } from './output';

export interface Invocation {
  api: ParksideClient;
  io: Io;
  args: string[];
  flags: Record<string, string | boolean | undefined>;
  json: boolean;
}

export interface Command {
  usage: string;
  summary: string;
  /** Flags this command takes (besides the global ones), as parseArgs options. */
  flags?: Record<string, { type: 'string' | 'boolean' }>;
  run: (call: Invocation) => Promise<void>;
}

const print = (call: Invocation, value: unknown, human: () => string) =>
  call.io.out(call.json ? `${JSON.stringify(value, null, 2)}\n` : human());

const stringFlag = (call: Invocation, name: string) => {
  const value = call.flags[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

function oneArg(call: Invocation, what: string): string {
  if (call.args.length !== 1) throw new UsageError(`Give exactly one ${what}.`);
  return call.args[0]!;
}

/* ---------- events import ---------- */

const NUMBER_FIELDS = new Set(['latitude', 'longitude', 'expectedAttendance']);

/** A CSV row as the API takes it; the import key is the row's `importKey`, or made from it. */
export function importRowOf(fields: Record<string, string>) {
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === '') continue;
    row[name] = NUMBER_FIELDS.has(name) && value !== '' ? Number(value) : value;
  }
  if (!fields.importKey) {
    const identity = [fields.title, fields.venueName, fields.startLocal, fields.timeZone]
      .map((part) => (part ?? '').trim().toLowerCase())
      .join('|');
    row.importKey = createHash('sha256').update(identity).digest('hex').slice(0, 32);
  }
  return row;
}

async function importEvents(call: Invocation) {
  const file = oneArg(call, 'CSV file');
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UsageError(`Cannot read ${file}.`);
  });
  let records;
  try {
    records = readCsv(text);
  } catch (error) {
    throw new Error(`${file} is not a valid CSV file: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new Error(`${file} has no rows under its header.`);

  // Every row is checked before anything is sent: one bad row and nothing is created.
  const problems: string[] = [];
  const rows = records.map(({ line, fields }) => {
    const parsed = eventImportRowSchema.safeParse(importRowOf(fields));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'row';
        problems.push(`line ${line}: ${field}: ${issue.message}`);
      }
      return null;
    }
    return parsed.data;
  });
  const keys = new Map<string, number>();
  records.forEach(({ line }, i) => {
    const key = rows[i]?.importKey;
    if (!key) return;
    if (keys.has(key)) {
      problems.push(`line ${line}: the same event as line ${keys.get(key)} (import key ${key})`);
    } else keys.set(key, line);
  });
  if (problems.length > 0) {
    call.io.err(`${problems.join('\n')}\n`);
    throw new Error(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${file}: nothing was imported.`,
    );
  }

  const valid = rows.filter((row) => row !== null);
  const bar = progress(call.io, 'Importing', valid.length);
  let created = 0;
  let existing = 0;
  const ids: { importKey: string; id: string; created: boolean }[] = [];
  for (let start = 0; start < valid.length; start += EVENT_IMPORT_BATCH_MAX) {
    const batch = valid.slice(start, start + EVENT_IMPORT_BATCH_MAX);
    const result = await call.api.event.import.mutate({ events: batch });
    created += result.created;
    existing += result.existing;
    ids.push(...result.events);
    bar.update(start + batch.length);
  }
  bar.finish();
  print(
    call,
    { created, existing, events: ids },
    () => `Imported ${valid.length} rows: ${created} created, ${existing} already imported.\n`,
  );
}

/* ---------- bookings export ---------- */

type EventBooking = RouterOutputs['booking']['forEvent']['items'][number];
const BOOKING_COLUMNS: (keyof EventBooking)[] = [
  'id',
  'status',
  'licensePlate',
  'vehicleDescription',
  'driverName',
  'driverEmail',
  'drivewayTitle',
  'street',
  'availableFrom',
  'availableTo',
  'priceCents',
  'hostPayoutCents',
  'refundCents',
  'paymentStatus',
  'createdAt',
];

async function exportBookings(call: Invocation) {
  const eventId = stringFlag(call, 'event');
  if (!eventId) throw new UsageError('Name the event with --event <id>.');
  const format = stringFlag(call, 'format') ?? (call.json ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json') throw new UsageError('--format is csv or json.');
  const items: EventBooking[] = [];
  let cursor: string | undefined;
  let bar: ReturnType<typeof progress> | null = null;
  do {
    const page = await call.api.booking.forEvent.query({ eventId, cursor, limit: 100 });
    bar ??= progress(call.io, 'Exporting', page.total);
    items.push(...page.items);
    bar.update(items.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  bar?.finish();
  call.io.out(
    format === 'json'
      ? `${JSON.stringify(items, null, 2)}\n`
      : writeCsv(items as unknown as Record<string, unknown>[], BOOKING_COLUMNS as string[]),
  );
}

/* ---------- The commands ---------- */

export const commands: Record<string, Command> = {
  whoami: {
    usage: 'whoami',
    summary: 'Who the token acts as.',
    async run(call) {
      const me = await call.api.account.me.query();
      print(call, me, () =>
        table(
          [{ ...me, role: me.isAdmin ? 'admin' : me.isHost ? 'host' : 'driver' }],
          ['name', 'email', 'role', 'emailVerified'],
        ),
      );
    },
  },

  'events list': {
    usage: 'events list [--q <text>] [--from <YYYY-MM-DD>] [--to <YYYY-MM-DD>] [--json]',
    summary: 'Upcoming events, soonest first.',
    flags: { q: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
    async run(call) {
      const items: RouterOutputs['event']['list']['items'] = [];
      let cursor: string | undefined;
      do {
        const page = await call.api.event.list.query({
          q: stringFlag(call, 'q'),
          from: stringFlag(call, 'from'),
          to: stringFlag(call, 'to'),
          limit: 50,
          cursor,
        });
        items.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      print(call, items, () =>
        table(
          items.map((e) => ({
            ...e,
            // In the event's own time zone, as the site shows it.
            starts: new Date(e.startsAt)
              .toLocaleString('sv-SE', { timeZone: e.timeZone })
              .slice(0, 16),
          })),
          ['id', 'title', 'venueName', 'city', 'starts', 'status'],
        ),
      );
    },
  },

  'events create': {
    usage: 'events create --file <event.json>',
    summary: 'Registers one event from a JSON file (the fields of the site’s event form).',
    flags: { file: { type: 'string' } },
    async run(call) {
      const file = stringFlag(call, 'file');
      if (!file) throw new UsageError('Give the event with --file <event.json>.');
      const text = await readFile(file, 'utf8').catch(() => {
        throw new UsageError(`Cannot read ${file}.`);
      });
      let input: unknown;
      try {
        input = JSON.parse(text);
      } catch {
        throw new Error(`${file} is not valid JSON.`);
      }
      const event = await call.api.event.create.mutate(input as never);
      print(call, event, () => `Created “${event.title}” (${event.id}).\n`);
    },
  },

  'events import': {
    usage: 'events import <events.csv>',
    summary:
      'Registers every row of a CSV file (checked first; one bad row and nothing is created). Running it again creates no duplicates.',
    run: importEvents,
  },

  'events cancel': {
    usage: 'events cancel <id> --reason <text>',
    summary: 'Admins: cancels an event, refunding and e-mailing every driver.',
    flags: { reason: { type: 'string' } },
    async run(call) {
      const id = oneArg(call, 'event id');
      const reason = stringFlag(call, 'reason');
      if (!reason) throw new UsageError('Tell drivers why with --reason <text>.');
      const result = await call.api.event.cancel.mutate({ id, reason });
      print(call, result, () => `Cancelled the event.\n`);
    },
  },

  'bookings export': {
    usage: 'bookings export --event <id> [--format csv|json]',
    summary: 'An event’s bookings: a host’s own driveways’, or every one for an admin.',
    flags: { event: { type: 'string' }, format: { type: 'string' } },
    run: exportBookings,
  },

  'feedback list': {
    usage: 'feedback list [--status new|resolved] [--json]',
    summary: 'Admins: feedback, newest first.',
    flags: { status: { type: 'string' } },
    async run(call) {
      const status = stringFlag(call, 'status');
      if (status && status !== 'new' && status !== 'resolved') {
        throw new UsageError('--status is new or resolved.');
      }
      const rows = (await call.api.feedback.list.query()).filter(
        (row) => !status || row.status === status,
      );
      print(call, rows, () =>
        table(rows, ['id', 'status', 'userName', 'email', 'createdAt', 'feedbackText']),
      );
    },
  },

  'admins grant': {
    usage: 'admins grant <email>',
    summary: 'Admins: makes an e-mail an admin (it need not have an account yet).',
    async run(call) {
      const result = await call.api.admin.grantAdmin.mutate({ email: oneArg(call, 'e-mail') });
      print(call, result, () =>
        result.granted
          ? `${result.email} is now an admin.\n`
          : `${result.email} was already an admin.\n`,
      );
    },
  },

  'admins revoke': {
    usage: 'admins revoke <email>',
    summary: 'Admins: takes an e-mail off the admins (never the last one).',
    async run(call) {
      const result = await call.api.admin.revokeAdmin.mutate({ email: oneArg(call, 'e-mail') });
      print(call, result, () => `${result.email} is no longer an admin.\n`);
    },
  },

  'tokens list': {
    usage: 'tokens list [--all] [--json]',
    summary: 'Your API tokens; with --all (admins), everyone’s.',
    flags: { all: { type: 'boolean' } },
    async run(call) {
      const rows = call.flags.all
        ? await call.api.apiToken.list.query()
        : await call.api.apiToken.mine.query();
      print(call, rows, () =>
        table(
          rows.map((t) => ({
            ...t,
            state: t.revokedAt ? 'revoked' : 'active',
            limit: `${t.rateLimitPerMinute}/min`,
          })),
          ['id', 'name', 'ownerEmail', 'scopes', 'state', 'expiresAt', 'lastUsedAt', 'limit'],
        ),
      );
    },
  },

  'tokens revoke': {
    usage: 'tokens revoke <id> [--any]',
    summary: 'Revokes one of your tokens; with --any (admins), anyone’s.',
    flags: { any: { type: 'boolean' } },
    async run(call) {
      const id = oneArg(call, 'token id');
      const result = call.flags.any
        ? await call.api.apiToken.revokeAny.mutate({ id })
        : await call.api.apiToken.revoke.mutate({ id });
      print(call, result, () => `Revoked “${result.name}”.\n`);
    },
  },
};
