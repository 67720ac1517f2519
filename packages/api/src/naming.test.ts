/**
 * One naming rule for reads (docs/conventions.md): `getX` may answer null or nothing, `requireX`
 * throws (or refuses) when X is missing or not the caller's. Checked on the sources, so a new
 * service keeps it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each exported function's name and body. */
function exportedFunctions(source: string) {
  return [...source.matchAll(/export (?:async )?function (\w+)\(/g)].map((match) => {
    const end = source.indexOf('\n}\n', match.index);
    return { name: match[1]!, body: source.slice(match.index, end === -1 ? undefined : end) };
  });
}

const functions = sources(import.meta.dirname).flatMap((file) =>
  exportedFunctions(readFileSync(file, 'utf8')).map((fn) => ({ ...fn, file })),
);

describe('read names', () => {
  it('are found', () => {
    expect(functions.filter(({ name }) => name.startsWith('require')).length).toBeGreaterThan(8);
  });

  it('getX never throws: a read that refuses is requireX', () => {
    const throwing = functions
      .filter(({ name }) => /^get[A-Z]/.test(name))
      .filter(({ body }) => /\bthrow\b|\brequire[A-Z]\w*\(|AppError/.test(body))
      .map(({ name }) => name);
    expect(throwing).toEqual([]);
  });
});
