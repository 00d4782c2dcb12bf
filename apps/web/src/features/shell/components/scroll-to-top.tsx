import { LAYOUT } from '@courier/contract';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

/** Appears once the page is scrolled more than the spec's threshold (50px), unless the shell hides it (`shown`). */
export function ScrollToTop({ raised = false, shown = true }: { raised?: boolean; shown?: boolean }) {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: raised ? 88 : 24, right: 24 }}>
      <Transition transition="slide-up" mounted={shown && scroll.y > LAYOUT.scrollTopThresholdPx}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="lg"
            radius="xl"
            variant="light"
            aria-label="Scroll to top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
