import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin';

const allowedOrigins = ['https://parkside.example'];

describe('isAllowedOrigin', () => {
  it('lets reads through from anywhere', () => {
    expect(isAllowedOrigin({ method: 'GET', origin: 'https://evil.example', allowedOrigins })).toBe(
      true,
    );
  });

  it('accepts a write from our own origin, by Origin or by Referer', () => {
    expect(
      isAllowedOrigin({ method: 'POST', origin: 'https://parkside.example', allowedOrigins }),
    ).toBe(true);
    expect(
      isAllowedOrigin({
        method: 'DELETE',
        referer: 'https://parkside.example/account-settings',
        allowedOrigins,
      }),
    ).toBe(true);
  });

  it('refuses a write from another origin, an opaque origin, or with no origin at all', () => {
    expect(
      isAllowedOrigin({ method: 'POST', origin: 'https://evil.example', allowedOrigins }),
    ).toBe(false);
    expect(isAllowedOrigin({ method: 'POST', origin: 'null', allowedOrigins })).toBe(false);
    expect(isAllowedOrigin({ method: 'POST', allowedOrigins })).toBe(false);
    expect(isAllowedOrigin({ method: 'PUT', referer: 'not a url', allowedOrigins })).toBe(false);
  });
});
