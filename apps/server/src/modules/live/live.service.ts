import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../lib/events/event-bus.js';
import { memoryBus } from '../../lib/events/memory-bus.js';
import { natsBus } from '../../lib/events/nats-bus.js';
import { pgNotifyBus } from '../../lib/events/pg-notify-bus.js';
import type { StoredEvent } from './events.queries.js';
import { LiveHub } from './live-hub.service.js';
import type { LiveStreams } from './stream.routes.js';
import { DEFAULT_STREAM_SETTINGS, type StreamSettings } from './stream.service.js';

export const NOTIFY_CHANNEL = 'courier_events';

/** The bus the configuration asks for: NATS when EVENT_BUS_URL says so, else PostgreSQL's NOTIFY, else memory. */
export function eventBusFor(
  config: Pick<AppConfig, 'EVENT_BUS_URL'>,
  database: Pick<Database, 'kind' | 'url'>,
  onError: (err: Error) => void,
): EventBus<StoredEvent> {
  if (config.EVENT_BUS_URL) return natsBus({ url: config.EVENT_BUS_URL, onError });
  if (database.kind === 'postgres' && database.url)
    return pgNotifyBus({ url: database.url, channel: NOTIFY_CHANNEL, onError });
  return memoryBus();
}

/** Starts this process's live stream: the bus, the hub, and the settings the streams use. */
export async function startLive(opts: {
  config: Pick<AppConfig, 'EVENT_BUS_URL'>;
  database: Database;
  settings?: Partial<StreamSettings>;
  onError: (err: unknown) => void;
  observeLag?: (seconds: number) => void;
}): Promise<LiveStreams> {
  const bus = eventBusFor(opts.config, opts.database, opts.onError);
  const hub = new LiveHub(opts.database.db, bus, {
    onError: opts.onError,
    ...(opts.observeLag ? { observeLag: opts.observeLag } : {}),
  });
  await hub.start();
  return { hub, settings: { ...DEFAULT_STREAM_SETTINGS, ...opts.settings } };
}
