import QRCode from 'qrcode';

/**
 * A QR code as SVG markup, made on the server so the pass shows it with JavaScript off: black
 * modules on white with the standard four-module quiet zone, medium error correction (a cracked
 * or dim phone screen still scans).
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
