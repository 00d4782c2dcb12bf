import { LAYOUT } from '@courier/contract';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FLOATING_ATTRIBUTE } from './use-floating-buttons';

/**
 * Whether the page is scrolled past `threshold`, read on scroll and resize only. Not on mount, as Mantine's
 * useWindowScroll does: reading the position forces a layout in the middle of the first screen's effects, about
 * 100 ms of a throttled phone's main thread on the dashboard (decision 047). A restored position fires `scroll`.
 */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [threshold]);
  return past;
}

/** Appears once the page is scrolled more than the spec's threshold (50px), unless the shell hides it (`shown`). */
export function ScrollToTop({ raised = false, shown = true }: { raised?: boolean; shown?: boolean }) {
  const scrolled = useScrolledPast(LAYOUT.scrollTopThresholdPx);
  return (
    <Affix position={{ bottom: raised ? 88 : 24, right: 24 }} {...{ [FLOATING_ATTRIBUTE]: true }}>
      <Transition transition="slide-up" mounted={shown && scrolled}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="lg"
            radius="xl"
            variant="light"
            aria-label="Scroll to top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
