import { prepareTestTemplate } from './testing';

/** Vitest global setup: one migrated template database for the whole run. */
export default async function setup() {
  return prepareTestTemplate();
}
