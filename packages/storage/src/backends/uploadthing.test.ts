/**
 * The UploadThing backend against a local HTTP server that answers like UploadThing's API and
 * ingest service (the SDK's own apiUrl / ingestUrl overrides): no network needed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUploadThingBackend, uploadThingAppId, uploadThingFileUrl } from './uploadthing';

const TOKEN = Buffer.from(
  JSON.stringify({ apiKey: 'sk_live_0123456789abcdef', appId: 'parksidetest', regions: ['sea1'] }),
).toString('base64');

let server: Server;
let base: string;
let requests: { method: string; path: string; body: string; headers: Record<string, unknown> }[];
let deleteAnswer = { success: true, deletedCount: 1 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      const path = new URL(req.url!, 'http://x').pathname;
      requests.push({ method: req.method!, path, body, headers: req.headers });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && path === '/v6/deleteFiles') {
        return res.end(JSON.stringify(deleteAnswer));
      }
      if (req.method === 'PUT') {
        const key = path.slice(1);
        const ufsUrl = `https://parksidetest.ufs.sh/f/${key}`;
        return res.end(JSON.stringify({ url: ufsUrl, appUrl: ufsUrl, ufsUrl, fileHash: 'abc123' }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  requests = [];
  deleteAnswer = { success: true, deletedCount: 1 };
});

const backend = () => createUploadThingBackend({ token: TOKEN, apiUrl: base, ingestUrl: base });

describe('the UploadThing backend', () => {
  it('reads the app id from the token and builds the file URL on ufs.sh', () => {
    expect(uploadThingAppId(TOKEN)).toBe('parksidetest');
    expect(uploadThingFileUrl(TOKEN, 'abc_key')).toBe('https://parksidetest.ufs.sh/f/abc_key');
    expect(() => uploadThingAppId('not-a-token')).toThrow(/not a valid UploadThing token/);
    expect(() => createUploadThingBackend({ token: 'nope' })).toThrow();
  });

  it('deletes a file with the server SDK, authenticated by the API key', async () => {
    await backend().delete('abc_key');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v6/deleteFiles' });
    expect(JSON.parse(requests[0]!.body)).toEqual({ fileKeys: ['abc_key'] });
    expect(requests[0]!.headers['x-uploadthing-api-key']).toBe('sk_live_0123456789abcdef');
  });

  it('reports a delete UploadThing did not carry out', async () => {
    deleteAnswer = { success: false, deletedCount: 0 };
    await expect(backend().delete('abc_key')).rejects.toThrow(/did not delete/);
  });

  it('uploads bytes from the server (internal tools) to the ingest service', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { key } = await backend().put({ bytes, name: 'front.png', contentType: 'image/png' });
    expect(key.length).toBeGreaterThan(10);
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/${key}`);
    expect(put.body).toContain(bytes.toString('latin1'));
  });

  it('serves downloads by redirecting to the file URL', async () => {
    expect(await backend().read('abc_key')).toEqual({
      redirect: 'https://parksidetest.ufs.sh/f/abc_key',
    });
  });
});
