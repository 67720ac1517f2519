/**
 * Rules every route module and component keeps, checked on the source so a new one cannot forget
 * them. Components stay under 150 lines each. Route modules:
 * a page with a loader has its own ErrorBoundary (a failing loader shows its error inside the
 * site's frame and its parent layouts, with the person still signed in), and a route module stays
 * short enough to read (past 200 lines it is split into components).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, 'routes');
const routes = readdirSync(dir)
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
  .map((file) => ({ file, source: readFileSync(join(dir, file), 'utf8') }));

const exports = (source: string, name: string) =>
  new RegExp(
    `export (async )?(function|const) ${name}\\b|export \\{[^}]*\\b${name}\\b[^}]*\\}`,
  ).test(source);

describe('route modules', () => {
  it('are all found', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('that render a page from a loader have an ErrorBoundary', () => {
    const missing = routes
      .filter(({ source }) => exports(source, 'loader') && /export default/.test(source))
      .filter(({ source }) => !exports(source, 'ErrorBoundary'))
      .map(({ file }) => file);
    expect(missing).toEqual([]);
  });

  it('stay under 200 lines', () => {
    const long = routes
      .map(({ file, source }) => ({ file, lines: source.split('\n').length }))
      .filter(({ lines }) => lines > 200);
    expect(long).toEqual([]);
  });
});

/** Every .tsx file under `dir`, tests aside. */
function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

describe('components', () => {
  const components = tsxFiles(import.meta.dirname).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    // A component: a function whose name starts with a capital, up to its closing brace.
    return [...source.matchAll(/^(?:export )?(?:default )?function ([A-Z]\w*)\(/gm)].map(
      (match) => {
        const end = source.indexOf('\n}\n', match.index);
        const lines = source.slice(match.index, end).split('\n').length + 1;
        return { name: `${file.slice(import.meta.dirname.length + 1)} ${match[1]}`, lines };
      },
    );
  });

  it('are all found', () => {
    expect(components.length).toBeGreaterThan(100);
  });

  it('stay under 150 lines each', () => {
    expect(components.filter(({ lines }) => lines > 150)).toEqual([]);
  });
});

describe('texts', () => {
  it('are US English: "license plate" throughout, the British spelling nowhere', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const places = ['apps/web/app', 'apps/web/server', 'packages/api/src', 'packages/email/src']
      .concat(['packages/validators/src'])
      .flatMap((folder) => {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const path = join(dir, name);
            if (statSync(path).isDirectory()) return walk(path);
            return /\.tsx?$/.test(name) ? [path] : [];
          });
        return walk(join(root, folder));
      });
    expect(places.length).toBeGreaterThan(100);
    const british = places.filter((file) => /licen[c]e/i.test(readFileSync(file, 'utf8')));
    expect(british).toEqual([]);
  });
});
