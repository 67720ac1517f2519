import type { Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';

const TILES = 'https://tile.openstreetmap.org/**';

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

/** A 256 px map-like tile (pale ground, a street grid) so screenshots show a map offline. */
function fakeTile(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const street = x % 64 < 6 || y % 64 < 6;
      const park = x > 140 && x < 200 && y > 150 && y < 230;
      const [r, g, b] = street ? [255, 255, 255] : park ? [200, 230, 190] : [242, 239, 233];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Map tiles never load (as offline, or blocked by a network). */
export async function blockMapTiles(page: Page) {
  await page.route(TILES, (route) => route.abort('internetdisconnected'));
}

/** Map tiles load, drawn locally: the tests never depend on the real tile server. */
export async function serveFakeMapTiles(page: Page) {
  const tile = fakeTile();
  await page.route(TILES, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
  );
}
