import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PNG } from 'pngjs';

/** How the driver's hand holds the pass before the host's camera: turned (degrees) and nearer. */
const HOLDS = [
  { turn: 0, scale: 1 },
  { turn: 4, scale: 1.05 },
  { turn: -6, scale: 0.95 },
  { turn: 9, scale: 1.1 },
  { turn: -3, scale: 1.2 },
  { turn: 7, scale: 0.9 },
] as const;

const [WIDTH, HEIGHT] = [640, 480];

/**
 * A video file (YUV4MPEG2, grey) at `file` for Chromium's fake camera: what the host's phone films while
 * the driver holds up the pass, one frame for each way the hand holds it (Chromium plays them in
 * a loop). One still frame would not do: the decoder misses about one clean, square-on code in
 * twenty in every frame alike, as a camera never films it; a code turned a little and brought
 * nearer reads, and no code of 500 tried missed all six holds.
 */
export function cameraFileOf(png: Buffer, file: string): string {
  const image = PNG.sync.read(png);
  const grey = new Float64Array(image.width * image.height);
  for (let i = 0; i < grey.length; i += 1) {
    const [r, g, b] = [image.data[i * 4]!, image.data[i * 4 + 1]!, image.data[i * 4 + 2]!];
    grey[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  // Neutral chroma: a grey picture.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frames = HOLDS.flatMap((hold) => [
    Buffer.from('FRAME\n'),
    held(grey, image.width, image.height, hold),
    chroma,
  ]);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
      ...frames,
    ]),
  );
  return file;
}

/** The frame's luma: the picture turned and scaled about the middle, on white (bilinear). */
function held(
  grey: Float64Array,
  width: number,
  height: number,
  { turn, scale }: (typeof HOLDS)[number],
): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  const [cos, sin] = [Math.cos((turn * Math.PI) / 180), Math.sin((turn * Math.PI) / 180)];
  for (let row = 0; row < HEIGHT; row += 1) {
    for (let col = 0; col < WIDTH; col += 1) {
      const [dx, dy] = [col - WIDTH / 2, row - HEIGHT / 2];
      const x = (cos * dx + sin * dy) / scale + width / 2;
      const y = (-sin * dx + cos * dy) / scale + height / 2;
      let value = 255;
      if (x >= 0 && y >= 0 && x < width - 1 && y < height - 1) {
        const [x0, y0] = [Math.floor(x), Math.floor(y)];
        const [fx, fy] = [x - x0, y - y0];
        const at = (xx: number, yy: number) => grey[yy * width + xx]!;
        value =
          at(x0, y0) * (1 - fx) * (1 - fy) +
          at(x0 + 1, y0) * fx * (1 - fy) +
          at(x0, y0 + 1) * (1 - fx) * fy +
          at(x0 + 1, y0 + 1) * fx * fy;
      }
      // Video luma runs from 16 (black) to 235 (white).
      luma[row * WIDTH + col] = Math.round(16 + (value * 219) / 255);
    }
  }
  return luma;
}
