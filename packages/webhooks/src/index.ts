export * from './addresses';
export * from './deliver';
export * from './signature';
