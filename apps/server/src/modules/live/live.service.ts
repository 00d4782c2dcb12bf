import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../lib/events/event-bus.js';
import { joinedBus } from '../../lib/events/joined-bus.js';
import { memoryBus } from '../../lib/events/memory-bus.js';
import { natsBus } from '../../lib/events/nats-bus.js';
import { pgNotifyBus } from '../../lib/events/pg-notify-bus.js';
import type { StoredEvent } from './events.queries.js';
import { LIVE_NOTIFY_CHANNEL } from './live.constants.js';
import { LiveHub } from './live-hub.service.js';
import type { LiveStreams } from './stream.routes.js';
import { DEFAULT_STREAM_SETTINGS, type StreamSettings } from './stream.service.js';

/**
 * The bus the configuration asks for (decision 023). Writing transactions NOTIFY their events on
 * `LIVE_NOTIFY_CHANNEL`, which the database delivers on commit: on PostgreSQL every process listens on a connection
 * of its own, on PGlite the one process listens to PGlite. The positions write publishes after its statement commits:
 * through PostgreSQL's NOTIFY (coalesced), within the process on PGlite, or on NATS when EVENT_BUS_URL names one
 * (beyond what one PostgreSQL's NOTIFY carries).
 */
export function eventBusFor(
  config: Pick<AppConfig, 'EVENT_BUS_URL'>,
  database: Pick<Database, 'kind' | 'url' | 'pglite'>,
  onError: (err: Error) => void,
): EventBus<StoredEvent> {
  const pglite = database.pglite;
  const committed: EventBus<StoredEvent> =
    database.kind === 'postgres' && database.url
      ? pgNotifyBus({ url: database.url, channel: LIVE_NOTIFY_CHANNEL, onError })
      : memoryBus(pglite ? { listen: (onPayload) => pglite.listen(LIVE_NOTIFY_CHANNEL, onPayload) } : {});
  return config.EVENT_BUS_URL
    ? joinedBus(committed, natsBus({ url: config.EVENT_BUS_URL, onError }))
    : committed;
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
