/** The browser's `scheduler.yield()`, where it has one. */
function schedulerYield(): (() => Promise<void>) | undefined {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? () => scheduler.yield!() : undefined;
}

/**
 * Resolves in a task of its own, after the browser has had the chance to paint and handle input: start-up work
 * split by it runs as several short tasks instead of one long one (decision 052). `scheduler.yield()` where the
 * browser has it (its continuation runs before other queued tasks), a message on a channel otherwise (unlike
 * `setTimeout`, never clamped to 4 ms).
 */
export function nextTask(): Promise<void> {
  const yieldTask = schedulerYield();
  if (yieldTask) return yieldTask();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Where the browser has `scheduler.yield()`, the same as `nextTask()`; elsewhere (a test's DOM, an older browser)
 * resolves at once. For work that may be split but need not be: each request of the API client is sent in a task
 * of its own, so the reads a screen starts together are not one long task (decision 052).
 */
export function yieldIfSupported(): Promise<void> {
  return schedulerYield()?.() ?? Promise.resolve();
}
