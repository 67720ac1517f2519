import QRCode from 'qrcode';

/** How many drawn codes a server keeps: a game's worth of passes opened again and again. */
const KEPT_CODES = 1_000;
const drawn = new Map<string, Promise<string>>();

/**
 * A QR code as SVG markup, made on the server so the pass shows it with JavaScript off: black
 * modules on white with the standard four-module quiet zone, medium error correction (a cracked
 * or dim phone screen still scans). A code's drawing never changes, so each is drawn once and
 * kept (drawing was a tenth of a pass page's time): the thousand most recently used.
 */
export function qrSvg(text: string): Promise<string> {
  const kept = drawn.get(text);
  if (kept) {
    // Most recently used last: the first key is the one to drop.
    drawn.delete(text);
    drawn.set(text, kept);
    return kept;
  }
  const svg = QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
  drawn.set(text, svg);
  svg.catch(() => drawn.delete(text));
  if (drawn.size > KEPT_CODES) drawn.delete(drawn.keys().next().value!);
  return svg;
}
