/**
 * Every procedure of the router, over HTTP as a browser or tool sends it, as a visitor, a
 * verified host and an admin, with generated bad inputs: wrong types, empty and huge strings,
 * control characters and lone surrogates, negative and huge numbers, impossible dates, extra
 * keys, deep nesting. No answer may be a 500, none may carry a stack trace or SQL, and every
 * 429 says how long to wait.
 *
 * The inputs start from a valid one built from each procedure's own schema (with ids of real
 * rows of the demo data), then break one field at a time, so a bad value reaches as deep into
 * the procedure as it can. A seeded generator makes every run the same; FUZZ_SEED changes it.
 */
import { defOf, procedureList, type Schema } from '@parkside/api/procedure-schemas';
import { bookings, driveways, events, listings } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { startTestServer, type TestServer } from './test-server';

/** mulberry32: small, seeded, and the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

let handle: TestDatabase;
let server: TestServer;
let base: string;
/** Ids of real rows, so that valid inputs reach past "not found". */
const ids: Record<'event' | 'listing' | 'booking' | 'driveway', string[]> = {
  event: [],
  listing: [],
  booking: [],
  driveway: [],
};

/** Candidates for a string field, tried in order until the field's schema takes one. */
function stringCandidates(key: string): string[] {
  const lower = key.toLowerCase();
  const ending = /end|to$|until/.test(lower);
  const pool = (Object.keys(ids) as (keyof typeof ids)[]).find((kind) => lower.startsWith(kind));
  const real = pool ? ids[pool] : Object.values(ids).flat();
  return [
    ...(lower.endsWith('id') ? real.slice(0, 3) : []),
    ...(lower.includes('email') ? ['fuzz@example.com'] : []),
    ...(lower.includes('slug') ? ['stadium-of-fire'] : []),
    'Fuzzed text',
    'fuzz@example.com',
    ending ? '2027-07-04T23:30' : '2027-07-04T19:30',
    ending ? '2027-07-04T23:30:00.000Z' : '2027-07-04T19:30:00.000Z',
    'US',
    '2027-07-04',
    '19:30',
    'https://example.com/photo.jpg',
    'America/Denver',
    '84604',
    'ABC 123',
    '+1 801 555 0100',
    real[0] ?? '00000000-0000-4000-8000-000000000000',
    'x',
    'a'.repeat(40),
  ];
}

/** A value `schema` accepts, where one can be found; `undefined` for an optional field. */
function validSample(schema: Schema, key: string, depth = 0): unknown {
  const def = defOf(schema);
  const firstAccepted = (candidates: unknown[]) =>
    candidates.find((value) => schema.safeParse(value).success) ?? candidates[0];
  // Cursors come from an earlier page; without one, the first page.
  if (depth > 12 || key === 'cursor') return undefined;
  switch (def.type) {
    case 'string':
      return firstAccepted(stringCandidates(key));
    case 'number':
    case 'int':
      return firstAccepted([1, 2, 10, 100, 1000, 0, 40.2338, -111.6585, 5000]);
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'date':
      return '2027-07-04T19:30:00.000Z';
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.shape!)) {
        const sample = validSample(field, name, depth + 1);
        if (sample !== undefined) value[name] = sample;
      }
      return value;
    }
    case 'array': {
      const element = validSample(def.element!, key, depth + 1);
      return element === undefined ? [] : [element];
    }
    case 'tuple':
      return def.items!.map((item) => validSample(item, key, depth + 1));
    case 'record':
      return {};
    case 'union': {
      const samples = def.options!.map((option) => validSample(option, key, depth + 1));
      return firstAccepted(samples);
    }
    case 'intersection':
      return {
        ...(validSample(def.left!, key, depth + 1) as object),
        ...(validSample(def.right!, key, depth + 1) as object),
      };
    case 'pipe': {
      const source = validSample(def.in!, key, depth + 1);
      return schema.safeParse(source).success ? source : firstAccepted(stringCandidates(key));
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validSample(def.innerType!, key, depth + 1);
    case 'lazy':
      return validSample(def.getter!(), key, depth + 1);
    default:
      return 'x';
  }
}

/** Paths of every field of a sample value, the whole input first. */
function fieldPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const found = [path];
  if (Array.isArray(value))
    value.forEach((item, i) => found.push(...fieldPaths(item, [...path, i])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      found.push(...fieldPaths(item, [...path, key]));
  }
  return found;
}

function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path;
  copy[head!] = withField(copy[head!], rest, replacement);
  return copy;
}

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Bad values; `huge` is the length of the longest strings (queries travel in the URL). */
function badValues(huge: number): unknown[] {
  return [
    null,
    true,
    false,
    0,
    -1,
    0.5,
    -2147483649,
    2147483648,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    '',
    ' ',
    'x'.repeat(huge),
    'é'.repeat(Math.floor(huge / 2)),
    '\u0000',
    'a\u0000b',
    '\u0001\u0008\u000b\u001f\u007f',
    '\ud800',
    'tail\udc00',
    '\u202e\u200b\ufeff',
    '😀'.repeat(50),
    "' OR 1=1 --",
    '%_\\',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-0',
    '1e999',
    '0000-01-01',
    '9999-12-31T23:59:59Z',
    '10000-01-01T00:00:00Z',
    '2027-02-30T25:61',
    '00000000-0000-0000-0000-000000000000',
    'not-a-uuid',
    'fuzz@',
    'javascript:alert(1)',
    [],
    [null],
    Array.from({ length: 2000 }, (_, i) => i),
    {},
    { __proto__: { isAdmin: true }, constructor: { prototype: 1 } },
    nested(200, 'deep', false),
    nested(200, 'deep', true),
  ];
}

type Role = 'visitor' | 'host' | 'admin';
const cookies: Record<Role, string | null> = { visitor: null, host: null, admin: null };

interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
}

async function send(path: string, kind: string, input: unknown, role: Role): Promise<Answer> {
  const headers: Record<string, string> = { origin: base };
  if (cookies[role]) headers.cookie = cookies[role]!;
  const encoded = input === undefined ? undefined : JSON.stringify(input);
  const response =
    kind === 'query'
      ? await fetch(
          `${base}/api/trpc/${path}${encoded === undefined ? '' : `?input=${encodeURIComponent(encoded)}`}`,
          { headers },
        )
      : await fetch(`${base}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: encoded,
        });
  return {
    status: response.status,
    text: await response.text(),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** What must never reach a caller: a stack frame, a file of ours, a driver or SQL message. */
const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.(ts|js|tsx):\d+/,
  /node_modules/,
  /PostgresError|PGlite|drizzle/i,
  /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set|where)\b/i,
  /violates|syntax error|relation "|column "|invalid input syntax|out of range for type/i,
];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemo(handle.db);
  server = await startTestServer(handle.db);
  base = server.base;
  for (const [role, userId] of [
    ['host', 'demo-host'],
    ['admin', 'demo-admin'],
  ] as const) {
    cookies[role] = await server.cookieFor(userId);
  }
  const idsOf = async (
    table: typeof events | typeof listings | typeof bookings | typeof driveways,
  ) => (await handle.db.select({ id: table.id }).from(table).limit(5)).map((row) => String(row.id));
  ids.event = await idsOf(events);
  ids.listing = await idsOf(listings);
  ids.booking = await idsOf(bookings);
  ids.driveway = await idsOf(driveways);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await handle?.close();
});

const procedures = procedureList();

describe('fuzzing every procedure', () => {
  it('covers the whole router', () => {
    expect(procedures.length).toBeGreaterThan(50);
  });

  for (const role of ['visitor', 'host', 'admin'] as const) {
    it(`never answers 500 nor leaks internals, as ${{ visitor: 'a visitor', host: 'a verified host', admin: 'an admin' }[role]}`, async () => {
      const seed = Number(process.env.FUZZ_SEED ?? 20261125);
      const random = generator(seed + role.length);
      const problems: string[] = [];
      let calls = 0;
      for (const [path, procedure] of procedures) {
        const { type, inputs } = procedure;
        const schema = inputs[0];
        const valid = schema ? validSample(schema, path) : undefined;
        const bad = badValues(type === 'query' ? 1_500 : 120_000);
        const cases: unknown[] = [
          valid,
          undefined,
          valid && typeof valid === 'object' ? { ...valid, extra: 'key', isAdmin: true } : valid,
          ...bad.map((value) => withField(valid, [], value)),
        ];
        for (const field of fieldPaths(valid).slice(1)) {
          for (let i = 0; i < 6; i += 1) cases.push(withField(valid, field, random.pick(bad)));
        }
        let next = 0;
        const worker = async () => {
          while (next < cases.length) {
            const input = cases[next++];
            const answer = await send(path, type, input, role);
            calls += 1;
            const leak = LEAKS.find((pattern) => pattern.test(answer.text));
            if (answer.status === 429 && !/^\d+$/.test(answer.retryAfter ?? '')) {
              problems.push(`${path} 429 without Retry-After in seconds`);
            }
            if (answer.status >= 500 || leak) {
              problems.push(
                `${path} ${answer.status}${leak ? ` leaks ${leak}` : ''} for ${JSON.stringify(input)?.slice(0, 160)}: ${answer.text.slice(0, 200)}`,
              );
            }
          }
        };
        await Promise.all([worker(), worker(), worker(), worker()]);
      }
      expect(calls).toBeGreaterThan(procedures.length * 40);
      expect(problems.slice(0, 25)).toEqual([]);
    }, 600_000);
  }
});
