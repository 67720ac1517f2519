/**
 * One naming rule for schemas (docs/conventions.md): the whole input of a form or a procedure ends in
 * `Input` (`FormInput` when a form's fields differ from its procedure's, e.g. dollars for cents);
 * a reusable part (a field, a group of fields) ends in `Schema`.
 */
import { describe, expect, it } from 'vitest';
import * as validators from './index';

const schemas = Object.entries(validators).filter(
  ([, value]) => typeof value === 'object' && value !== null && 'safeParse' in value,
);

describe('schema names', () => {
  it('are all found', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it('end in Input (a whole input) or Schema (a part)', () => {
    const offNames = schemas.map(([name]) => name).filter((name) => !/(Input|Schema)$/.test(name));
    expect(offNames).toEqual([]);
  });
});
