// Writes src/images.ts from the PNGs in assets/ (see the comment at the top of that file).
import { readFileSync, writeFileSync } from 'node:fs';

const files = ['icon.png', 'icon@2x.png', 'logo.png'];
const header = readFileSync(new URL('../src/images.ts', import.meta.url), 'utf8').split(
  'export const',
)[0];
const entries = files
  .map((name) => {
    const base64 = readFileSync(new URL(`../assets/${name}`, import.meta.url)).toString('base64');
    return `  '${name}':\n    '${base64}',\n`;
  })
  .join('');
writeFileSync(
  new URL('../src/images.ts', import.meta.url),
  `${header}export const PASS_IMAGES_BASE64: Record<string, string> = {\n${entries}};\n`,
);
