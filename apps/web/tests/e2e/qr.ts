import type { Locator } from '@playwright/test';
import zxing from '@zxing/library';
import { PNG } from 'pngjs';

// The decoder the host's scanner uses (a CommonJS package: its names come off the default).
const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

/** Reads the QR code in a PNG screenshot, as a phone's scanner would. */
export function decodeQr(png: Buffer): string {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < pixels.length; i += 1) {
    const [r, g, b] = [image.data[i * 4]!, image.data[i * 4 + 1]!, image.data[i * 4 + 2]!];
    pixels[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const source = new RGBLuminanceSource(pixels, image.width, image.height);
  const bitmap = new BinaryBitmap(new HybridBinarizer(source));
  try {
    return new QRCodeReader().decode(bitmap).getText();
  } catch {
    // zxing's finder misses a few clean codes (about 1 in 40 here); a scanner app then looks
    // harder, as this does: the image is the code alone, so it is read as a pure barcode.
    const hints = new Map([
      [DecodeHintType.PURE_BARCODE, true],
      [DecodeHintType.TRY_HARDER, true],
    ]);
    return new QRCodeReader().decode(bitmap, hints).getText();
  }
}

/**
 * Reads the QR code of `qr` as a driver holds it up: in the middle of the screen, clear of the
 * floating Feedback button in the corner. A screenshot taken while a busy machine is still
 * painting can miss part of the code, so a failed read is taken again (five tries, half a second
 * apart); a code that never reads still fails.
 */
export async function readQr(qr: Locator): Promise<string> {
  let failure: unknown;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (attempt > 0) await qr.page().waitForTimeout(500);
    await qr.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    try {
      return decodeQr(await qr.screenshot({ animations: 'disabled' }));
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
