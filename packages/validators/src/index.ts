export * from './limits';
export * from './events';
export * from './time-zone';
export * from './auth';
export * from './money';
export * from './feedback';
export * from './marketplace';
