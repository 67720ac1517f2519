/**
 * A server that stops without cutting an answer (decision 052). Once draining:
 * - no new connection is taken (a balancer's next one is refused and goes to another server);
 * - a request on a kept-alive connection is still answered, with `Connection: close`, and so is
 *   every request in flight, so each client learns to open its next request elsewhere;
 * - an idle kept-alive connection is closed at once, and each one as soon as its answer is sent;
 * - after `graceMs`, whatever is still running is cut, so a stuck request cannot hold a restart.
 * A request the server never started (its bytes arriving on a connection just closed as idle) is
 * the only one a client sees refused, and it was not worked on.
 */
import type { Server, ServerResponse } from 'node:http';

export interface Draining {
  /** Drains; resolves once every connection closed, with how many requests had to be cut. */
  drain(graceMs: number): Promise<{ cut: number }>;
}

export function drainingOf(server: Server): Draining {
  let started = false;
  const inFlight = new Set<ServerResponse>();
  // Before Express sees the request: its answer's headers are not written yet.
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (started) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
    response.once('finish', () => {
      if (started) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    async drain(graceMs) {
      started = true;
      for (const response of inFlight) {
        if (!response.headersSent) response.shouldKeepAlive = false;
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs);
      });
      const outcome = await Promise.race([closed.then(() => 'closed' as const), late]);
      clearTimeout(timer);
      if (outcome === 'closed') return { cut: 0 };
      const cut = inFlight.size;
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}
