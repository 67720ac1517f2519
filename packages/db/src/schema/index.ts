export * from './users';
export * from './events';
