export { applyLiveSignal, type DriverCacheKeys, type LiveCacheScope } from './apply-live-event';
export { InvalidationBatch, type InvalidationOptions } from './invalidation-batch';
export { LiveStream, type LiveSignal, type LiveListener, type EventSourceLike } from './live-stream';
export {
  LiveStreamProvider,
  liveStreamUrl,
  useLiveConnected,
  useLiveEvents,
  useLiveInvalidate,
  useLiveStream,
  useLiveStreamUrl,
} from './live-provider';
