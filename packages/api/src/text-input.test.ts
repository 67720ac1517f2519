/**
 * Every string an API caller can send goes through the shared text rule of
 * @parkside/validators: walking each procedure's input schema, taken from the router itself, no
 * string field lets U+0000 through (PostgreSQL refuses it, so it would be a 500), either by
 * refusing it or, in search boxes, by taking it out. A procedure added later is walked too.
 */
import { describe, expect, it } from 'vitest';
import { defOf, procedureList, type Schema } from './procedure-schemas';

/** Each place a string enters `schema`, with its path: string leaves, and pipes fed by one. */
function stringInputs(schema: Schema, path: string, found: [string, Schema][]) {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      found.push([path, schema]);
      return;
    case 'pipe':
      // A pipe that starts from a string (a transform, a format check) is tested whole.
      if (defOf(def.in!).type === 'string') found.push([path, schema]);
      else stringInputs(def.in!, path, found);
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape!)) {
        stringInputs(value, `${path}.${key}`, found);
      }
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      stringInputs(def.innerType!, path, found);
      return;
    case 'array':
      stringInputs(def.element!, `${path}[]`, found);
      return;
    case 'union':
      def.options!.forEach((option, i) => stringInputs(option, `${path}|${i}`, found));
      return;
    case 'intersection':
      stringInputs(def.left!, path, found);
      stringInputs(def.right!, path, found);
      return;
    case 'record':
      stringInputs(def.valueType!, `${path}{}`, found);
      return;
    case 'lazy':
      stringInputs(def.getter!(), path, found);
      return;
    default:
      // numbers, booleans, enums, literals, dates: nothing typed reaches the database as text.
      return;
  }
}

function procedureInputs(): [string, Schema][] {
  const found: [string, Schema][] = [];
  for (const [name, { inputs }] of procedureList()) {
    for (const input of inputs) stringInputs(input, name, found);
  }
  return found;
}

/** Values with U+0000 in them that would otherwise pass most fields' own checks. */
const SAMPLES = [
  '\u0000',
  'Stadium\u0000 of Fire',
  'name\u0000@example.com',
  '2027-07-04T19:30\u0000',
  '00000000-0000-4000-8000-000000000000\u0000',
];

describe('text input', () => {
  const inputs = procedureInputs();

  it('finds the string fields of every procedure', () => {
    // A walker that stopped finding fields would prove nothing.
    expect(inputs.length).toBeGreaterThan(60);
    expect(inputs.map(([path]) => path)).toEqual(
      expect.arrayContaining(['event.list.q', 'event.create.title', 'feedback.send.feedbackText']),
    );
  });

  it('lets no U+0000 through any string field of any procedure', () => {
    const leaks: string[] = [];
    for (const [path, schema] of inputs) {
      for (const sample of SAMPLES) {
        const result = schema.safeParse(sample);
        if (result.success && JSON.stringify(result.data ?? '').includes('\\u0000')) {
          leaks.push(`${path} accepts ${JSON.stringify(sample)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
