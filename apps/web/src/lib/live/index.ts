export {
  applyLiveSignal,
  InvalidationBatch,
  type DriverCacheKeys,
  type LiveCacheScope,
} from './apply-live-event';
export { LiveStream, type LiveSignal, type LiveListener, type EventSourceLike } from './live-stream';
export {
  LiveStreamProvider,
  liveStreamUrl,
  useLiveConnected,
  useLiveEvents,
  useLiveStream,
  useLiveStreamUrl,
} from './live-provider';
