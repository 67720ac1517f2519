import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery as a receiver got it: its headers and raw body. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The next `n` deliveries are answered 500 (the endpoint is down). */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** An endpoint on loopback that records what it is sent, for tests. */
export async function startWebhookReceiver(path = '/hooks/parkside'): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  let failing = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = failing > 0 ? 500 : 200;
      if (failing > 0) failing -= 1;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'Receiver is down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    failNext: (n) => {
      failing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
