import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

const PHONE = '(max-width: 40em)';
/** Near the top, nothing is under the buttons yet: they stay. */
const TOP_PX = 80;
/** Smaller moves are a finger's jitter, not a direction. */
const JITTER_PX = 4;

/**
 * Whether the shell's floating buttons (quick actions, scroll to top) are shown. On a phone they would sit over what
 * is being read (a chart's axis, the status history), so they step aside while the page scrolls down and come back
 * as soon as it scrolls up, as phone apps' floating buttons do. On wider screens they always show.
 */
export function useFloatingButtonsShown(): boolean {
  const phone = useMediaQuery(PHONE, window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
  const [shown, setShown] = useState(true);
  const last = useRef(0);
  useEffect(() => {
    if (!phone) return;
    // The last position starts at the top, not read here: reading it forces a layout while the screen mounts
    // (decision 047); a page restored further down sends a scroll event, which sets it.
    last.current = 0;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last.current) <= JITTER_PX && y >= TOP_PX) return;
      setShown(y < TOP_PX || y < last.current);
      last.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [phone]);
  return !phone || shown;
}
