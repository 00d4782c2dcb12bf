import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../../../lib/use-after-paint';

const PHONE = '(max-width: 40em)';
/** Near the top, nothing is under the buttons yet: they stay. */
const TOP_PX = 80;
/** Smaller moves are a finger's jitter, not a direction. */
const JITTER_PX = 4;

/** The attribute on the floating buttons' own containers, so they are not taken for the content under them. */
export const FLOATING_ATTRIBUTE = 'data-floating-buttons';

/** What a user acts on: under a floating button it would be out of reach (issue 33). */
const INTERACTIVE =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';

/** The distance between the points looked at under the buttons. */
const SAMPLE_PX = 8;
/** The check waits for the page to stop moving this long: while it scrolls, what is under the buttons passes. */
const SETTLE_MS = 120;

/** The corner the buttons take, from the viewport's bottom-right: 24 px in, 52 px wide, `height` high. */
export interface FloatingZone {
  inset: number;
  width: number;
  height: number;
}

/** The quick-action button (52 px) with the scroll-to-top button above it (36 px, 12 px apart), or the latter alone. */
export const zoneOf = (withQuickActions: boolean): FloatingZone =>
  withQuickActions ? { inset: 24, width: 52, height: 52 + 12 + 36 } : { inset: 24, width: 36, height: 36 };

/**
 * Whether something the user acts on lies under the floating buttons' corner: the topmost element at a few points
 * of it, the buttons themselves left out, is a control of the page.
 */
export function controlUnder(
  zone: FloatingZone,
  view = { width: window.innerWidth, height: window.innerHeight },
) {
  const right = view.width - zone.inset;
  const bottom = view.height - zone.inset;
  // Every 8 px across the corner: a button's edge (36 px high) cannot slip between the points.
  const steps = (from: number, size: number) =>
    Array.from({ length: Math.floor((size - 2) / SAMPLE_PX) + 1 }, (_, i) => from + 1 + i * SAMPLE_PX);
  const xs = steps(right - zone.width, zone.width);
  const ys = steps(bottom - zone.height, zone.height);
  for (const x of xs) {
    for (const y of ys) {
      const top = document.elementsFromPoint(x, y).find((el) => !el.closest(`[${FLOATING_ATTRIBUTE}]`));
      // Only the page's own controls count: a menu the quick-action button opens is not under it.
      if (top?.closest(INTERACTIVE) && top.closest('main')) return true;
    }
  }
  return false;
}

/**
 * Whether the shell's floating buttons (quick actions, scroll to top) are shown. They never sit over a control of
 * the page (issue 33: "Rate the carrier", a notification's dismiss, "Add a step"): while one is under their corner
 * they step aside, checked after the first paint, once a scroll or a resize settles and when the content's size
 * changes. On a
 * phone they also step aside while the page scrolls down and come back as soon as it scrolls up, as phone apps'
 * floating buttons do, since they would sit over what is being read.
 */
export function useFloatingButtonsShown(zone: FloatingZone = zoneOf(false)): boolean {
  const phone = useMediaQuery(PHONE, window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
  const [shown, setShown] = useState(true);
  const [covering, setCovering] = useState(false);
  const last = useRef(0);
  const { inset, width, height } = zone;

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

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setCovering(controlUnder({ inset, width, height })), SETTLE_MS);
    };
    // Not while the first screen mounts (decision 047): once it is painted, then as the page moves or grows.
    const cancelFirst = afterNextPaint(check);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check, { passive: true });
    const main = document.querySelector('main');
    const resized = typeof ResizeObserver === 'undefined' || !main ? null : new ResizeObserver(check);
    if (main) resized?.observe(main);
    return () => {
      cancelFirst();
      clearTimeout(timer);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      resized?.disconnect();
    };
  }, [inset, width, height]);

  return (!phone || shown) && !covering;
}
