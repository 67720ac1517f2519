/**
 * Photos of the demo driveways, drawn here rather than downloaded: a house with its driveway
 * from the street, the parking space itself, and the street at dusk, in colors picked from the
 * driveway's title so each one looks its own. Each is a PNG, drawn at twice the size and scaled
 * down so its edges are smooth.
 */
import { DEMO_HOST_IDS, driveways, type Database } from '@parkside/db';
import { downloadPath, type StorageService } from '@parkside/storage';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

export const DEMO_PHOTO_WIDTH = 960;
export const DEMO_PHOTO_HEIGHT = 640;
const SCALE = 2;

class Canvas {
  readonly width = DEMO_PHOTO_WIDTH * SCALE;
  readonly height = DEMO_PHOTO_HEIGHT * SCALE;
  readonly pixels = new Uint8Array(this.width * this.height * 3);

  private set(x: number, y: number, [r, g, b]: Rgb) {
    const i = (y * this.width + x) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  /** Fills a polygon (coordinates in photo pixels) with a color or a color per row. */
  polygon(points: readonly Point[], color: Rgb | ((y: number) => Rgb)) {
    const pts = points.map(([x, y]) => [x * SCALE, y * SCALE] as const);
    const ys = pts.map(([, y]) => y);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    for (let y = top; y <= bottom; y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < pts.length; i++) {
        const [x1, y1] = pts[i]!;
        const [x2, y2] = pts[(i + 1) % pts.length]!;
        if (y1 <= cy !== y2 <= cy) xs.push(x1 + ((cy - y1) / (y2 - y1)) * (x2 - x1));
      }
      xs.sort((a, b) => a - b);
      const rowColor = typeof color === 'function' ? color(y / SCALE) : color;
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.round(xs[k]!));
        const to = Math.min(this.width, Math.round(xs[k + 1]!));
        for (let x = from; x < to; x++) this.set(x, y, rowColor);
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb | ((y: number) => Rgb)) {
    this.polygon(
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ],
      color,
    );
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb) {
    const steps = 48;
    this.polygon(
      Array.from({ length: steps }, (_, i) => {
        const a = (i / steps) * Math.PI * 2;
        return [cx + Math.cos(a) * rx, cy + Math.sin(a) * ry] as const;
      }),
      color,
    );
  }

  /** The photo: each 2×2 block averaged, as a PNG. */
  png(): Buffer {
    const w = DEMO_PHOTO_WIDTH;
    const h = DEMO_PHOTO_HEIGHT;
    const raw = Buffer.alloc((w * 3 + 1) * h);
    const row = new Uint8Array(w * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let dy = 0; dy < SCALE; dy++) {
            for (let dx = 0; dx < SCALE; dx++) {
              sum += this.pixels[((y * SCALE + dy) * this.width + x * SCALE + dx) * 3 + c]!;
            }
          }
          row[x * 3 + c] = Math.round(sum / (SCALE * SCALE));
        }
      }
      // Filter "Sub": each byte minus the one of the pixel to its left (flat areas become 0s).
      const at = y * (w * 3 + 1);
      raw[at] = 1;
      for (let i = 0; i < w * 3; i++)
        raw[at + 1 + i] = (row[i]! - (i >= 3 ? row[i - 3]! : 0)) & 255;
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(w, 0);
    header.writeUInt32BE(h, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, standard filters, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small deterministic generator, so a driveway's photos come out the same every time. */
function randomFrom(seed: string) {
  let state = 2166136261;
  for (const ch of seed) state = Math.imul(state ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
const shade = (c: Rgb, t: number): Rgb => mix(c, t < 0 ? [0, 0, 0] : [255, 255, 255], Math.abs(t));

const WALLS: Rgb[] = [
  [226, 214, 190],
  [190, 205, 214],
  [214, 196, 178],
  [236, 232, 222],
  [168, 186, 160],
  [204, 170, 150],
];
const ROOFS: Rgb[] = [
  [92, 78, 70],
  [70, 80, 96],
  [128, 64, 52],
  [60, 62, 66],
];
const CARS: Rgb[] = [
  [176, 32, 40],
  [40, 78, 150],
  [220, 222, 226],
  [40, 42, 46],
  [120, 124, 130],
  [36, 110, 84],
];
const CONCRETE: Rgb = [188, 186, 180];
const GRASS: Rgb = [96, 150, 72];

interface Palette {
  wall: Rgb;
  roof: Rgb;
  car: Rgb;
  door: Rgb;
  pick: () => number;
}

function paletteFor(seed: string): Palette {
  const pick = randomFrom(seed);
  const of = <T>(list: T[]) => list[Math.floor(pick() * list.length)]!;
  return { wall: of(WALLS), roof: of(ROOFS), car: of(CARS), door: of(ROOFS), pick };
}

function sky(canvas: Canvas, top: Rgb, horizon: Rgb, to: number) {
  canvas.rect(0, 0, DEMO_PHOTO_WIDTH, to, (y) => mix(top, horizon, y / to));
}

function tree(canvas: Canvas, x: number, ground: number, size: number) {
  canvas.rect(x - size * 0.08, ground - size * 0.9, size * 0.16, size * 0.9, [98, 72, 52]);
  const leaves: Rgb = [58, 112, 62];
  canvas.ellipse(x, ground - size * 1.25, size * 0.55, size * 0.5, shade(leaves, -0.1));
  canvas.ellipse(x - size * 0.3, ground - size * 0.95, size * 0.42, size * 0.36, leaves);
  canvas.ellipse(x + size * 0.32, ground - size, size * 0.4, size * 0.36, shade(leaves, 0.12));
}

/** A car seen from behind at an angle: body, windows, lights, wheels and its shadow. */
function car(canvas: Canvas, x: number, y: number, w: number, color: Rgb) {
  const h = w * 0.62;
  canvas.ellipse(x + w / 2, y + h, w * 0.58, h * 0.12, [70, 70, 70]);
  canvas.rect(x + w * 0.06, y + h * 0.78, w * 0.14, h * 0.24, [30, 30, 32]);
  canvas.rect(x + w * 0.8, y + h * 0.78, w * 0.14, h * 0.24, [30, 30, 32]);
  canvas.polygon(
    [
      [x + w * 0.18, y + h * 0.08],
      [x + w * 0.82, y + h * 0.08],
      [x + w * 0.92, y + h * 0.42],
      [x + w, y + h * 0.5],
      [x + w, y + h * 0.86],
      [x, y + h * 0.86],
      [x, y + h * 0.5],
      [x + w * 0.08, y + h * 0.42],
    ],
    (row) => shade(color, (row - y) / h < 0.45 ? 0.08 : -0.06),
  );
  canvas.polygon(
    [
      [x + w * 0.22, y + h * 0.14],
      [x + w * 0.78, y + h * 0.14],
      [x + w * 0.86, y + h * 0.4],
      [x + w * 0.14, y + h * 0.4],
    ],
    (row) => mix([70, 92, 110], [150, 176, 196], (row - y) / (h * 0.4)),
  );
  canvas.rect(x + w * 0.04, y + h * 0.54, w * 0.16, h * 0.1, [214, 40, 36]);
  canvas.rect(x + w * 0.8, y + h * 0.54, w * 0.16, h * 0.1, [214, 40, 36]);
  canvas.rect(x + w * 0.38, y + h * 0.6, w * 0.24, h * 0.12, [236, 236, 228]);
}

function garageDoor(canvas: Canvas, x: number, y: number, w: number, h: number, wall: Rgb) {
  canvas.rect(x - 6, y - 6, w + 12, h + 6, shade(wall, -0.25));
  canvas.rect(x, y, w, h, [228, 228, 224]);
  for (let i = 1; i < 5; i++) canvas.rect(x, y + (h * i) / 5 - 1.5, w, 3, [190, 190, 186]);
}

/** The house and its driveway from across the street. */
function streetView(p: Palette): Buffer {
  const c = new Canvas();
  const W = DEMO_PHOTO_WIDTH;
  const ground = 330;
  sky(c, [96, 150, 214], [196, 222, 240], ground);
  c.rect(0, ground, W, DEMO_PHOTO_HEIGHT - ground, (y) => shade(GRASS, (y - ground) / 1400));
  const hx = 250 + p.pick() * 120;
  const hw = 460;
  c.polygon(
    [
      [hx - 30, ground - 190],
      [hx + hw / 2, ground - 320],
      [hx + hw + 30, ground - 190],
    ],
    p.roof,
  );
  c.rect(hx, ground - 190, hw, 200, p.wall);
  c.rect(hx + 40, ground - 150, 80, 70, [120, 160, 190]);
  c.rect(hx + 40, ground - 118, 80, 5, p.wall);
  c.rect(hx + 150, ground - 120, 50, 130, p.door);
  garageDoor(c, hx + 240, ground - 130, 190, 140, p.wall);
  // The driveway widens toward the viewer; joints every few yards.
  c.polygon(
    [
      [hx + 232, ground + 10],
      [hx + 438, ground + 10],
      [hx + 560, DEMO_PHOTO_HEIGHT],
      [hx + 60, DEMO_PHOTO_HEIGHT],
    ],
    (y) => shade(CONCRETE, (y - ground) / 1600),
  );
  for (const t of [0.3, 0.62]) {
    const y = ground + 10 + t * (DEMO_PHOTO_HEIGHT - ground - 10);
    c.rect(hx + 232 - t * 172, y, 206 + t * 294, 2, [160, 158, 152]);
  }
  c.rect(0, 560, W, 26, [214, 212, 206]);
  car(c, hx + 262, ground + 40, 150, p.car);
  tree(c, 110 + p.pick() * 60, ground + 40, 170);
  return c.png();
}

/** The parking space itself: the driveway up to the garage, with room marked for one car. */
function spaceView(p: Palette): Buffer {
  const c = new Canvas();
  const W = DEMO_PHOTO_WIDTH;
  const back = 250;
  c.rect(0, 0, W, back, p.wall);
  c.rect(0, 0, W, 40, shade(p.roof, 0.1));
  garageDoor(c, 250, 70, 460, back - 70, p.wall);
  c.rect(0, back, W, DEMO_PHOTO_HEIGHT - back, GRASS);
  c.polygon(
    [
      [200, back],
      [760, back],
      [W + 200, DEMO_PHOTO_HEIGHT],
      [-200, DEMO_PHOTO_HEIGHT],
    ],
    (y) => shade(CONCRETE, (y - back) / 900),
  );
  // Painted lines of the space, converging toward the garage.
  for (const [top, bottom] of [
    [330, 120],
    [630, 840],
  ] as const) {
    c.polygon(
      [
        [top - 3, back + 8],
        [top + 3, back + 8],
        [bottom + 9, DEMO_PHOTO_HEIGHT],
        [bottom - 9, DEMO_PHOTO_HEIGHT],
      ],
      [246, 244, 236],
    );
  }
  // A cone that marks the space until the driver arrives.
  const cx = 420 + p.pick() * 120;
  c.ellipse(cx, 520, 60, 14, [90, 90, 90]);
  c.polygon(
    [
      [cx - 12, 400],
      [cx + 12, 400],
      [cx + 44, 516],
      [cx - 44, 516],
    ],
    [240, 112, 32],
  );
  c.polygon(
    [
      [cx - 24, 444],
      [cx + 24, 444],
      [cx + 30, 466],
      [cx - 30, 466],
    ],
    [246, 246, 240],
  );
  return c.png();
}

/** The street in front at dusk: neighbors' houses, the curb and a street lamp. */
function duskView(p: Palette): Buffer {
  const c = new Canvas();
  const W = DEMO_PHOTO_WIDTH;
  const ground = 360;
  sky(c, [54, 62, 120], [240, 168, 120], ground);
  c.rect(0, ground, W, 60, shade(GRASS, -0.3));
  for (let i = 0; i < 4; i++) {
    const x = i * 250 - 40 + p.pick() * 40;
    const wall = shade(WALLS[(i + Math.floor(p.pick() * 6)) % WALLS.length]!, -0.35);
    c.polygon(
      [
        [x - 14, ground - 130],
        [x + 100, ground - 210],
        [x + 214, ground - 130],
      ],
      shade(p.roof, -0.3),
    );
    c.rect(x, ground - 130, 200, 130, wall);
    c.rect(x + 30, ground - 100, 50, 40, [250, 206, 120]);
    c.rect(x + 120, ground - 100, 50, 40, i % 2 ? [250, 214, 140] : [90, 96, 120]);
  }
  c.rect(0, ground + 60, W, 24, [150, 148, 142]);
  c.rect(0, ground + 84, W, DEMO_PHOTO_HEIGHT - ground - 84, (y) =>
    mix([70, 72, 80], [46, 48, 54], (y - ground) / 280),
  );
  for (let x = 20; x < W; x += 140) c.rect(x, 540, 80, 8, [232, 200, 80]);
  c.rect(760, 150, 10, ground + 70 - 150, [40, 40, 44]);
  c.rect(730, 140, 70, 14, [40, 40, 44]);
  c.ellipse(765, 162, 26, 9, [255, 232, 170]);
  car(c, 120 + p.pick() * 200, ground + 120, 170, shade(p.car, -0.2));
  return c.png();
}

/** The demo photos of one driveway: two to four, the same for the same seed. */
export function demoDrivewayPhotos(seed: string): { name: string; bytes: Buffer }[] {
  const palette = paletteFor(seed);
  const photos = [
    { name: 'from-the-street.png', bytes: streetView(palette) },
    { name: 'the-space.png', bytes: spaceView(palette) },
  ];
  if (palette.pick() > 0.4)
    photos.push({ name: 'the-street-at-dusk.png', bytes: duskView(palette) });
  return photos;
}

/**
 * Photos for every driveway of a demo host that has none, stored as the host's own uploads would
 * be (under `driveways/{id}/`, through the storage service, counted against the host's quota)
 * and attached to the driveway. Idempotent: a driveway with photos is left as it is.
 */
export async function seedDemoPhotos(db: Database, storage: StorageService) {
  const bare = await db
    .select({ id: driveways.id, title: driveways.title, hostId: driveways.hostId })
    .from(driveways)
    .where(
      and(inArray(driveways.hostId, DEMO_HOST_IDS), sql`cardinality(${driveways.photos}) = 0`),
    );
  for (const driveway of bare) {
    const caller = { id: driveway.hostId!, isAdmin: false, scope: 'session' as const };
    const urls: string[] = [];
    for (const photo of demoDrivewayPhotos(driveway.title)) {
      const fullPath = `driveways/${driveway.id}/${photo.name}`;
      const stored = await storage.upload({
        caller,
        name: fullPath,
        file: photo.bytes,
        metadata: {},
      });
      urls.push(downloadPath(storage.bucket, fullPath, stored.downloadTokens));
    }
    await db.update(driveways).set({ photos: urls }).where(eq(driveways.id, driveway.id));
  }
  return { driveways: bare.length };
}
