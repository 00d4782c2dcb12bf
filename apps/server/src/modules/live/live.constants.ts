/** The NOTIFY channel on which a writing transaction tells every process's live stream of its events (decision 023). */
export const LIVE_NOTIFY_CHANNEL = 'courier_events';
