/**
 * A document is compressed in one piece as the browser asks (decision 049); the page-cache
 * browser tests check real pages, these the rules: what is too small, what asks not to be
 * transformed, a HEAD, and an answer the browser cannot read.
 */
import express from 'express';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, sendDocument } from './documents';

const page = `<!DOCTYPE html><html><body>${'<p>Parking near the stadium.</p>'.repeat(200)}</body></html>`;
const small = '<p>Hi</p>';

let server: ReturnType<ReturnType<typeof express>['listen']>;
let base: string;

beforeAll(async () => {
  const app = express();
  app.get('/page', (req, res) => sendDocument(req, res, page));
  app.get('/small', (req, res) => sendDocument(req, res, small));
  app.get('/no-transform', (req, res) => {
    res.setHeader('Cache-Control', 'private, no-transform');
    sendDocument(req, res, Buffer.from(page));
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function raw(path: string, acceptEncoding: string, method = 'GET') {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method, headers: { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('sendDocument', () => {
  it('sends brotli or gzip as asked, with the length of what is sent', async () => {
    const br = await raw('/page', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);

    const gzip = await raw('/page', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    expect(gzip.body.length).toBeLessThan(page.length / 10);
    for (const answer of [br, gzip]) expect(answer.headers.vary).toContain('Accept-Encoding');
  });

  it('follows the browser’s weights and sends plain text to one that takes neither', async () => {
    expect((await raw('/page', 'gzip;q=0.5, br')).headers['content-encoding']).toBe('br');
    // Browsers list gzip first; brotli wins a tie, as with the compression middleware.
    expect((await raw('/page', 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await raw('/page', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await raw('/page', '*')).headers['content-encoding']).toBe('br');
    const plain = await raw('/page', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect((await raw('/page', '')).body.toString()).toBe(page);
  });

  it(`leaves alone what is under ${COMPRESS_THRESHOLD} bytes or marked no-transform`, async () => {
    const tiny = await raw('/small', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(small);
    const kept = await raw('/no-transform', 'br, gzip');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString()).toBe(page);
  });

  it('answers a HEAD with the headers of a GET and no body', async () => {
    const [head, get] = await Promise.all([raw('/page', 'br', 'HEAD'), raw('/page', 'br')]);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });
});
