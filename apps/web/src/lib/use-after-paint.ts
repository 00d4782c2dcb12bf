import { startTransition, useEffect, useState } from 'react';

/**
 * False while the screen that calls it is first drawn, true once the browser has painted that first frame: a screen
 * draws its heading and frame first and its heavier parts (figures, charts, lists with their reads) just after, in a
 * transition of their own. One commit of the whole screen was one long task of the main thread on a phone, and the
 * heading waited for it (decision 050). Once true it stays true for the component's life.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
