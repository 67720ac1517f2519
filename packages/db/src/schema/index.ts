export * from './users';
export * from './auth';
export * from './events';
export * from './feedback';
export * from './marketplace';
export * from './notifications';
export * from './storage';
export * from './jobs';
