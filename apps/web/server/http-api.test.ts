/**
 * The described HTTP API (decision 067): its OpenAPI document is valid, and every path answers
 * as the document says, for a token with and without the scope it needs.
 */
import { createCaller, createContext, httpOperations, type HttpOperation } from '@parkside/api';
import { testUser } from '@parkside/api/testing';
import type { SessionUser } from '@parkside/core';
import type { TestDatabase } from '@parkside/db/testing';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@parkside/validators';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDatabaseWith, demoOpenListing, startTestServer, type TestServer } from './test-server';

let handle: TestDatabase;
let server: TestServer;
let document: {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: object;
};
interface ResponseObject {
  headers?: Record<string, unknown>;
  content: { 'application/json': { schema: object } };
}

const driver = testUser('v1-driver', { name: 'Vera Driver' });
const admin = testUser('v1-admin', { name: 'Ada Admin', isAdmin: true });

beforeAll(async () => {
  handle = await demoDatabaseWith(driver, admin);
  server = await startTestServer(handle.db);
  document = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as typeof document;
});

afterAll(async () => {
  await server?.close();
  await handle?.close();
});

async function token(owner: SessionUser, scopes: ApiTokenScope[]) {
  const api = createCaller(createContext({ db: handle.db, user: owner }));
  return (await api.apiToken.create({ name: 'Tool', scopes })).secret;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    query?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const response = await fetch(`${server.base}/api${path}${options.query ?? ''}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/** The answer is one the document describes for that path, status and body both. */
function expectDescribed(operation: HttpOperation, answer: Answer) {
  const where = `${operation.method} ${operation.path} → ${answer.status}`;
  const described = document.paths[operation.path]![operation.method.toLowerCase()]!.responses;
  const response = described[String(answer.status)];
  expect(response, `${where} is not in the document: ${JSON.stringify(answer.body)}`).toBeDefined();
  const validate = ajv.compile({
    ...response!.content['application/json'].schema,
    components: document.components,
  });
  expect(validate(answer.body), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/** The scope each path's procedure asks of a token (null: no token needed). */
const NEEDS: Record<HttpOperation['procedure'], ApiTokenScope | null> = {
  listEvents: null,
  listEventListings: null,
  listBookings: 'read',
  createBooking: 'bookings:write',
  cancelBooking: 'bookings:write',
  checkInByCode: 'listings:write',
  checkInBooking: 'listings:write',
  listingsToReview: 'admin',
  approveListing: 'admin',
  rejectListing: 'admin',
  figures: 'admin',
  findUsers: 'admin',
};

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document that lists every path of /api/v1', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.valid, JSON.stringify(result.errors, null, 2)).toBe(true);
    expect((document as unknown as { openapi: string }).openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(
      httpOperations()
        .map((o) => `${o.method} ${o.path}`)
        .sort(),
    );
    expect(Object.keys(NEEDS).sort()).toEqual(
      httpOperations()
        .map((o) => o.procedure)
        .sort(),
    );
  });
});

describe('every path of /api/v1, with and without its scope', () => {
  it('answers as described: 401 without a token, 403 without the scope, and the described body with it', async () => {
    const listingId = await demoOpenListing(handle.db);
    const { body: page } = await call('GET', '/v1/events');
    const eventId = (page as { items: { id: string }[] }).items[0]!.id;
    const ids: Record<string, string> = { eventId, listingId, bookingId: crypto.randomUUID() };
    const inputs: Partial<Record<HttpOperation['procedure'], unknown>> = {
      createBooking: { listingId, licensePlate: 'API 101', vehicleDescription: 'Grey Subaru' },
      checkInByCode: { code: 'K7F 3QX' },
      rejectListing: { reason: 'The photos show another street.' },
    };
    for (const operation of httpOperations()) {
      const needed = NEEDS[operation.procedure];
      const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name]!);
      const body = inputs[operation.procedure];
      const headers = { 'idempotency-key': `v1-${operation.procedure}-0001` };
      if (needed) {
        const anonymous = await call(operation.method, path, { body: {} });
        expect(anonymous.status, `${operation.path} without a token`).toBe(401);
        expectDescribed(operation, anonymous);
        const owner = needed === 'admin' ? admin : driver;
        const others = API_TOKEN_SCOPES.filter(
          (scope) => scope !== needed && (owner === admin || scope !== 'admin'),
        );
        const lacking = await call(operation.method, path, {
          body,
          headers,
          token: await token(owner, others),
        });
        expect(lacking.status, `${operation.path} without "${needed}"`).toBe(403);
        expect((lacking.body as { error: { message: string } }).error.message).toBe(
          `This API token lacks the "${needed}" scope.`,
        );
        expectDescribed(operation, lacking);
      }
      const owner = needed === 'admin' ? admin : driver;
      const answer = await call(operation.method, path, {
        body,
        token: needed ? await token(owner, [needed]) : undefined,
        headers,
      });
      expect(answer.status, `${operation.path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      expect([401, 403]).not.toContain(answer.status);
      expectDescribed(operation, answer);
      if (operation.procedure === 'createBooking') {
        expect(answer.status).toBe(200);
        ids.bookingId = (answer.body as { id: string }).id;
      }
    }
  });
});

describe('bookings over /api/v1', () => {
  it('books once per Idempotency-Key, at the listing price, and lists and cancels the booking', async () => {
    const listingId = await demoOpenListing(handle.db);
    const secret = await token(driver, ['read', 'bookings:write']);
    const book = () =>
      call('POST', '/v1/bookings', {
        token: secret,
        body: {
          listingId,
          licensePlate: 'IDEM 42',
          vehicleDescription: 'Red Mazda 3',
          priceCents: 1,
        },
        headers: { 'idempotency-key': 'tool-run-2026-11-29-a' },
      });
    // A price in the body is refused, not taken.
    const priced = await book();
    expect(priced.status).toBe(400);
    const refusal = (priced.body as { error: { data: { fieldErrors: object } } }).error;
    expect(JSON.stringify(refusal)).toMatch(/priceCents/);

    const once = await call('POST', '/v1/bookings', {
      token: secret,
      body: { listingId, licensePlate: 'IDEM 42', vehicleDescription: 'Red Mazda 3' },
      headers: { 'idempotency-key': 'tool-run-2026-11-29-a' },
    });
    const twice = await call('POST', '/v1/bookings', {
      token: secret,
      body: { listingId, licensePlate: 'IDEM 42', vehicleDescription: 'Red Mazda 3' },
      headers: { 'idempotency-key': 'tool-run-2026-11-29-a' },
    });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    const booking = once.body as { id: string; status: string; priceCents: number };
    expect((twice.body as { id: string }).id).toBe(booking.id);
    expect(booking.status).toBe('confirmed');
    expect(booking).not.toHaveProperty('idempotencyKey');

    const mine = await call('GET', '/v1/bookings', { token: secret });
    expect((mine.body as { id: string }[]).filter((b) => b.id === booking.id)).toHaveLength(1);

    const cancelled = await call('POST', `/v1/bookings/${booking.id}/cancel`, {
      token: secret,
      body: { reason: 'Plans changed.' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: booking.id, status: 'cancelled' });
  });

  it('answers errors in the body /api/trpc gives for the same call', async () => {
    const secret = await token(driver, ['read', 'bookings:write']);
    const bad = { listingId: 'not-a-uuid', idempotencyKey: 'tool-run-bad-1' };
    const v1 = await call('POST', '/v1/bookings', { token: secret, body: bad });
    const trpc = await fetch(`${server.base}/api/trpc/booking.create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(bad),
    });
    const trpcError = ((await trpc.json()) as { error: { message: string; data: object } }).error;
    expect(v1.status).toBe(trpc.status);
    const v1Error = (v1.body as { error: { message: string; data: { fieldErrors: object } } })
      .error;
    expect(v1Error.message).toBe(trpcError.message);
    expect(v1Error.data.fieldErrors).toEqual(
      (trpcError.data as { fieldErrors: object }).fieldErrors,
    );
    expect(v1Error.data.fieldErrors).toHaveProperty('listingId');

    const notJson = await fetch(`${server.base}/api/v1/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: '{"listingId":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      error: { message: 'The body is not valid JSON.' },
    });
    const unknown = await call('GET', '/v1/parking-lots', { token: secret });
    expect(unknown.status).toBe(404);
  });

  it('says how long to wait when a token is over its limit', async () => {
    const api = createCaller(createContext({ db: handle.db, user: driver }));
    const { secret } = await api.apiToken.create({
      name: 'Slow tool',
      scopes: ['read'],
      rateLimitPerMinute: 2,
    });
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(await call('GET', '/v1/bookings', { token: secret }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('/api/docs', () => {
  it('is the reference page, its script and styles served by the site itself', async () => {
    const page = await fetch(`${server.base}/api/docs`);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\/(?!parkside)/);
    const script = await fetch(`${server.base}/api/docs/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });
});
