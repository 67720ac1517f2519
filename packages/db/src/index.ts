export * from './client';
export * from './connection-loss';
export * from './paths';
export * from './rate-limit';
export * from './seed';
export * as schema from './schema';
export * from './schema';
export * from './migrations-applied';
export * from './prepared';
