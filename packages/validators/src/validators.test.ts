import { describe, expect, it } from 'vitest';
import { eventListInput, isValidTimeZone } from './index';

describe('eventListInput', () => {
  it('trims the search and drops an empty one', () => {
    expect(eventListInput.parse({ q: '  stadium  ' }).q).toBe('stadium');
    expect(eventListInput.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('refuses an oversized search with a readable message', () => {
    const result = eventListInput.safeParse({ q: 'x'.repeat(10_000) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Search must be at most 100 characters.');
  });

  it('refuses a date range that ends before it starts', () => {
    const result = eventListInput.safeParse({ from: '2026-12-10', to: '2026-12-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['to']);
  });

  it('refuses unknown keys and wrong types', () => {
    expect(eventListInput.safeParse({ q: 5 }).success).toBe(false);
    expect(eventListInput.safeParse({ limit: '5' }).success).toBe(false);
    expect(eventListInput.safeParse({ sql: 'drop' }).success).toBe(false);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isValidTimeZone('America/Denver')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('MST')).toBe(false);
  });
});

describe('eventListInput without input', () => {
  it('means the first page with the default size', () => {
    expect(eventListInput.parse(undefined)).toEqual({ limit: 12 });
  });
});
