export * from './lookups.schema.js';
export * from './identity.schema.js';
export * from './reference.schema.js';
export * from './fleet.schema.js';
export * from './directories.schema.js';
export * from './deliveries.schema.js';
export * from './notes-calendar.schema.js';
export * from './idempotency.schema.js';
