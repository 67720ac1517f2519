import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('defaults to a development server on port 3000 with the embedded database', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty DATABASE_URL as unset and refuses a non-postgres one', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(readEnv({ SEED_ON_START: '', PORT: '' })).toMatchObject({ PORT: 3000 });
    expect(readEnv({ SEED_ON_START: 'true' }).SEED_ON_START).toBe(true);
    expect(() => readEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
