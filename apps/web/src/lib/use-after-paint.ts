import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `task` once the browser has painted the next frame (a frame callback runs just before the paint; a task it
 * queues runs after it). Answers a function that cancels it if it has not run.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False while the screen that calls it is first drawn, true once the browser has painted that first frame: a screen
 * draws its heading and frame first and its heavier parts (figures, charts, lists with their reads) just after, in a
 * transition of their own. One commit of the whole screen was one long task of the main thread on a phone, and the
 * heading waited for it (decision 050). The frame's own reads (the header's counts, the live stream) wait for it
 * too: nothing is asked of the API before the first screen shows (decision 052). Once true it stays true for the
 * component's life.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
