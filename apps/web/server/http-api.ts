import { httpOperations, openApiDocument, v1Router, type HttpOperation } from '@parkside/api';
import { retryAfterOf } from '@parkside/api/errors';
import {
  getErrorShape,
  getHTTPStatusCodeFromError,
  getTRPCErrorFromUnknown,
} from '@trpc/server/unstable-core-do-not-import';
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { callerContext } from './api-caller';
import type { Logger } from './logging';
import type { RequestSession } from './request-session';
import type { Services } from './services';

/**
 * The described HTTP API (decision 067): /api/openapi.json, its reference page at /api/docs
 * (Swagger UI, served from here), and the paths of /api/v1, each calling its procedure of
 * `v1Router` with the same callers, tokens, scopes and error bodies as /api/trpc.
 */

/** `/v1/bookings/{bookingId}/cancel` as Express writes it. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Query parameters as the input's fields are: numbers, true/false, repeated values. */
function queryInput(operation: HttpOperation, query: Request['query']) {
  const input: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    const kind = operation.fields[name];
    const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
    if (kind === 'array') input[name] = values;
    else if (kind === 'number') input[name] = values[0] === '' ? values[0] : Number(values[0]);
    else if (kind === 'boolean') input[name] = values[0] === 'true';
    else input[name] = values[0];
  }
  return input;
}

function bodyInput(operation: HttpOperation, req: Request) {
  const body: unknown = req.body;
  const input: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
  const key = req.get('idempotency-key');
  if (operation.idempotencyKey && key !== undefined && input.idempotencyKey === undefined) {
    input.idempotencyKey = key;
  }
  return input;
}

function operationRoute(
  services: Services,
  operation: HttpOperation,
  logger: Logger,
): RequestHandler {
  return async (req, res) => {
    let input: Record<string, unknown> = {};
    let ctx: Awaited<ReturnType<typeof callerContext>> | undefined;
    try {
      input =
        operation.method === 'GET' ? queryInput(operation, req.query) : bodyInput(operation, req);
      Object.assign(input, req.params);
      const session = (res.locals as { session?: RequestSession | null }).session;
      ctx = await callerContext(services, req, res, session?.user ?? null, 1);
      const call = v1Router.createCaller(ctx)[operation.procedure] as (
        input: unknown,
      ) => Promise<unknown>;
      res.json(await call(input));
    } catch (cause) {
      sendError(res, cause, operation, input, ctx, logger);
    }
  };
}

/** The body /api/trpc sends for the same error: `{ error: { message, code, data } }`. */
function sendError(
  res: Response,
  cause: unknown,
  operation: HttpOperation,
  input: unknown,
  ctx: unknown,
  logger: Logger,
) {
  const error = getTRPCErrorFromUnknown(cause);
  const fields = { requestId: res.locals.requestId, procedure: operation.procedure, err: error };
  if (error.code === 'INTERNAL_SERVER_ERROR') logger.error(fields, 'procedure failed');
  else if (error.code === 'SERVICE_UNAVAILABLE') logger.warn(fields, 'procedure unavailable');
  const wait = retryAfterOf(error);
  if (wait !== undefined) res.setHeader('Retry-After', String(wait));
  const shape = getErrorShape({
    config: v1Router._def._config,
    error,
    type: operation.type,
    path: operation.procedure,
    input,
    ctx: ctx as never,
  });
  res.status(getHTTPStatusCodeFromError(error)).json({ error: shape });
}

const JSON_RPC_CODES = { BAD_REQUEST: -32600, NOT_FOUND: -32004, PAYLOAD_TOO_LARGE: -32013 };

/** An error answered before any procedure runs, in the shape of the procedures' own. */
function errorBody(message: string, code: keyof typeof JSON_RPC_CODES, httpStatus: number) {
  return { error: { message, code: JSON_RPC_CODES[code], data: { code, httpStatus } } };
}

const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

function referencePage(nonce: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference | Parkside</title>
<meta name="description" content="The Parkside HTTP API for internal tools: events, driveways, bookings, check-ins and admin figures.">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; }
  .api-header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 1rem 1.25rem; border-bottom: 1px solid #e5e7eb; }
  .api-header a { color: #1d4ed8; }
  .swagger-ui .topbar { display: none; }
  /* The API names no OpenAPI links: the column only says "No links", and on a phone it pushed
     every operation's responses past the screen's edge. */
  .swagger-ui .response-col_links { display: none; }
</style>
</head>
<body>
<header class="api-header">
  <a href="/"><strong>Parkside</strong></a>
  <span>API reference · <a href="/api/openapi.json">openapi.json</a> · <a href="/account-settings">Your API tokens</a></span>
</header>
<main id="reference" aria-label="API reference"></main>
<script nonce="${nonce}" src="/api/docs/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">
  SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null, docExpansion: 'list', defaultModelsExpandDepth: 0 });
</script>
</body>
</html>`;
}

export function httpApiRoutes(services: Services, logger: Logger): Router {
  const routes = express.Router();
  const document = JSON.stringify(openApiDocument(services.settings.publicUrl));
  routes.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(document);
  });
  routes.get('/docs', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(referencePage((res.locals as { cspNonce: string }).cspNonce));
  });
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js'])
    routes.get(`/docs/${file}`, (_req, res) => {
      res.sendFile(file, { root: swaggerUi, maxAge: '1d' });
    });
  const json = express.json({ limit: '1mb' });
  for (const operation of httpOperations()) {
    const route = operationRoute(services, operation, logger);
    if (operation.method === 'GET') routes.get(expressPath(operation.path), route);
    else routes.post(expressPath(operation.path), json, route);
  }
  // Anything else under /api/v1 is an unknown path, answered in the same shape.
  routes.use('/v1', (_req, res) => {
    res
      .status(404)
      .json(
        errorBody(
          'No such path in the Parkside API. /api/openapi.json lists every one.',
          'NOT_FOUND',
          404,
        ),
      );
  });
  // A body that is not JSON, or too large, never reaches a procedure.
  const refused: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
    if (error.status === 413)
      return res
        .status(413)
        .json(errorBody('The body is larger than 1 MB.', 'PAYLOAD_TOO_LARGE', 413));
    if (error.status === 400)
      return res.status(400).json(errorBody('The body is not valid JSON.', 'BAD_REQUEST', 400));
    next(error);
  };
  routes.use(refused);
  return routes;
}
