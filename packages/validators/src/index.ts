export * from './events';
export * from './time-zone';
