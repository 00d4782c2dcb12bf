export {
  deliveryAudience,
  recordDeliveryEvent,
  recordEvent,
  recordEvents,
  type EventAudience,
  type NewLiveEvent,
} from './events.service.js';
export { startLive } from './live.service.js';
export { LIVE_NOTIFY_CHANNEL } from './live.constants.js';
export {
  consumeEvents,
  eventsConsumeJob,
  eventsPurgeJob,
  EVENTS_CONSUME_JOB,
  type EventConsumer,
  type OfferedEvent,
} from './events.consumers.js';
export type { StoredEvent } from './events.queries.js';
export { adminStreamRoutes, driverStreamRoutes, type LiveStreams } from './stream.routes.js';
export type { StreamSettings } from './stream.service.js';
export { openSnapshotStream, type Snapshot, type SnapshotStreamOptions } from './snapshot-stream.service.js';
