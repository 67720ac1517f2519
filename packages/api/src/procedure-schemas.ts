/**
 * The router's procedures and the parts of their zod input schemas, for the tests that walk
 * every procedure (the text rule, the fuzz test): a procedure added later is walked too.
 */
import type { z } from 'zod';
import { appRouter } from './root';

export type Schema = z.ZodType;

/** The fields of a zod schema's definition that the walkers read. */
export interface SchemaDef {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  valueType?: Schema;
  in?: Schema;
  out?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  items?: Schema[];
  getter?: () => Schema;
}

export const defOf = (schema: Schema) =>
  (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** Every procedure by its path, with its type and its input schemas. */
export function procedureList(): [string, { type: string; inputs: Schema[] }][] {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string; inputs: Schema[] } }
  >;
  return Object.entries(procedures).map(([path, procedure]) => [path, procedure._def]);
}
