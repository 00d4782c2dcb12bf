export {
  deliveryAudience,
  publishCommitted,
  recordDeliveryEvent,
  recordEvent,
  recordEvents,
  type EventAudience,
  type NewLiveEvent,
} from './events.service.js';
export { startLive, NOTIFY_CHANNEL } from './live.service.js';
export type { StoredEvent } from './events.queries.js';
export { adminStreamRoutes, driverStreamRoutes, type LiveStreams } from './stream.routes.js';
export type { StreamSettings } from './stream.service.js';
export { openSnapshotStream, type Snapshot, type SnapshotStreamOptions } from './snapshot-stream.service.js';
