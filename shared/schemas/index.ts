export * from './common';
export * from './contact';
export * from './credits';
export * from './health';
export * from './runtime-config';
