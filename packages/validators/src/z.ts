import { z } from 'zod';

/**
 * zod 4 probes `new Function` on first use to compile fast parsers. Our Content-Security-Policy
 * forbids eval, so the probe shows up as a CSP violation in the browser; the interpreted parser
 * is plenty fast for forms and API input.
 */
z.config({ jitless: true });

export { z };
