import { generateOpenApiDocument, type OpenApiMeta, type OpenApiRouter } from 'trpc-to-openapi';
import type { AnyProcedure } from '@trpc/server';
import { v1Router } from './v1.router';

type OpenApi = NonNullable<OpenApiMeta['openapi']>;

/** One path of the described API, as the HTTP adapter registers it. */
export interface HttpOperation {
  method: OpenApi['method'];
  /** As the document writes it: `/v1/bookings/{bookingId}/cancel`. */
  path: string;
  /** The procedure of `v1Router` it calls. */
  procedure: keyof typeof v1Router._def.procedures;
  type: 'query' | 'mutation';
  /** The input's fields that are not text, so query parameters can be read as what they are. */
  fields: Record<string, 'number' | 'boolean' | 'array'>;
  /** The input takes `idempotencyKey`, which the `Idempotency-Key` header may carry instead. */
  idempotencyKey: boolean;
}

/** The kind of each non-text field of an object input (through optional and default). */
function fieldKinds(input: unknown): Pick<HttpOperation, 'fields' | 'idempotencyKey'> {
  type Def = { type: string; innerType?: Schema; in?: Schema; shape?: Record<string, Schema> };
  type Schema = { _zod: { def: Def } };
  const unwrap = (schema: Schema): Schema => {
    const def = schema._zod.def;
    if (def.innerType) return unwrap(def.innerType);
    if (def.type === 'pipe' && def.in) return unwrap(def.in);
    return schema;
  };
  const shape = unwrap(input as Schema)._zod.def.shape ?? {};
  const kinds: HttpOperation['fields'] = {};
  for (const [name, field] of Object.entries(shape)) {
    const type = unwrap(field)._zod.def.type;
    if (type === 'number' || type === 'boolean' || type === 'array') kinds[name] = type;
  }
  return { fields: kinds, idempotencyKey: 'idempotencyKey' in shape };
}

export function httpOperations(): HttpOperation[] {
  return Object.entries(v1Router._def.procedures as Record<string, AnyProcedure>).flatMap(
    ([name, procedure]) => {
      const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
      if (!openapi) return [];
      return [
        {
          method: openapi.method,
          path: openapi.path,
          procedure: name as HttpOperation['procedure'],
          type: procedure._def.type as 'query' | 'mutation',
          ...fieldKinds((procedure._def as { inputs: unknown[] }).inputs[0]),
        },
      ];
    },
  );
}

/** What every error answers, on /api/v1 as on /api/trpc: `{ error: { message, code, data } }`. */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['message', 'code', 'data'],
      properties: {
        message: { type: 'string', description: 'Written for a person; safe to show.' },
        code: { type: 'integer', description: 'The JSON-RPC error code.' },
        data: {
          type: 'object',
          required: ['code', 'httpStatus'],
          properties: {
            code: { type: 'string', examples: ['BAD_REQUEST', 'FORBIDDEN', 'TOO_MANY_REQUESTS'] },
            httpStatus: { type: 'integer' },
            path: { type: 'string', description: 'The procedure of the site that answered.' },
            fieldErrors: {
              type: 'object',
              additionalProperties: { type: 'array', items: { type: 'string' } },
              description: 'For 400: what is wrong with each field of the input.',
            },
          },
        },
      },
    },
  },
} as const;

const ERRORS: Record<string, string> = {
  '400': 'The input is not valid; `fieldErrors` says why, field by field.',
  '401': 'No API token, or one that is unknown, revoked or expired.',
  '403': 'The token lacks the scope, or its owner may not do this.',
  '404': 'Nothing of that id that the token owner may see.',
  '409': 'The request conflicts with the current state (for example, no spaces left).',
  '429': 'Too many calls: wait the seconds in `Retry-After`.',
  '503': 'The database was away for a moment: try again after `Retry-After` seconds.',
};

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
};

/**
 * The OpenAPI 3.1 document of /api/v1, made from the procedures' own zod schemas
 * (trpc-to-openapi, decision 067). Error answers are described once, as the site sends them.
 */
export function openApiDocument(publicUrl: string) {
  // Our meta is a closed interface; the library's type wants an open record of the same keys.
  const document = generateOpenApiDocument(v1Router as unknown as OpenApiRouter, {
    title: 'Parkside API',
    version: '1.0.0',
    description:
      'Events, driveways, bookings and check-ins for internal tools. Make an API token under "API tokens" on /account-settings (its scopes decide what it may do) and send it as `Authorization: Bearer pk_…`. Every 429 and 503 carries `Retry-After`. The same operations are on /api/trpc for TypeScript tools.',
    baseUrl: new URL('/api', publicUrl).toString(),
    securitySchemes: {
      apiToken: { type: 'http', scheme: 'bearer', description: 'A Parkside API token (pk_…).' },
    },
  });
  const components = (document.components ??= {});
  components.schemas = { ...components.schemas, Error: ERROR_SCHEMA as never };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { responses?: object }>)) {
      const responses = (operation.responses ?? {}) as Record<string, unknown>;
      for (const status of Object.keys(responses)) if (status !== '200') delete responses[status];
      const isProtected = 'security' in operation && operation.security !== undefined;
      for (const [status, description] of Object.entries(ERRORS)) {
        if (!isProtected && (status === '401' || status === '403')) continue;
        responses[status] = {
          description,
          ...(status === '429' || status === '503' ? { headers: retryAfter } : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
      }
    }
  }
  return document;
}
