import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { KeptHtmlContext } from './components/layout/kept-part';
import { RequestIdContext } from './components/errors/request-id';
import { NonceProvider } from './utils/nonce';

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers it in one piece. No page defers data (every loader
 * has answered before rendering starts), so streaming the shell early would gain a browser
 * nothing, while many small writes each cost the compression middleware a round of work.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    // Gives up on a render that never finishes; cleared as soon as the document is complete, so
    // a finished request is not held in memory for the timeout, nor aborted after the fact.
    const timeout = setTimeout(() => abort(), streamTimeout + 1_000);
    const sink = new Writable({
      // React aborts its request when the stream it wrote to closes. Ours is finished by then,
      // and that late abort only built an "already finished" error on every request.
      emitClose: false,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const rendered = Buffer.concat(chunks);
        // Parts rendered afresh from kept data are kept for the next documents (decision 027),
        // and the kept ones go where React left their placeholders (decision 049).
        if (responseStatusCode === 200 && loadContext.kept?.wantsParts) {
          loadContext.kept.rendered(rendered.toString('utf8'), nonce);
        }
        const body = loadContext.kept ? loadContext.kept.fill(rendered) : rendered;
        resolve(
          new Response(body, {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <KeptHtmlContext.Provider value={loadContext.kept ?? null}>
          {/* Error screens show the request's id; a page that may be kept never does. */}
          <RequestIdContext.Provider
            value={responseStatusCode >= 400 ? (loadContext.requestId ?? null) : null}
          >
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </RequestIdContext.Provider>
        </KeptHtmlContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reach onShellError and Remix's error handling; log the rest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
