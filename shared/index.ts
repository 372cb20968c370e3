export * from './angles';
export * from './backgrounds';
export * from './statuses';
export * from './limits';
export * from './pricing';
export * from './messages';
export * from './api-routes';
export * from './schemas';
