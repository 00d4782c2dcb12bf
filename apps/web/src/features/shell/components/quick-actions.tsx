import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentPropsWithoutRef } from 'react';
import { laterPart, useLaterPart } from '../../../lib/use-after-first-input';
import { FLOATING_ATTRIBUTE } from './use-floating-buttons';

// The menu (Menu and floating-ui) loads at the user's first input, or at the first press (decisions 047, 050).
const QuickActionsMenu = lazy(laterPart(() => import('./quick-actions-menu')));

function QuickActionsButton({
  shown,
  onClick,
  focusProps,
}: {
  shown: boolean;
  onClick?: () => void;
  focusProps?: Pick<ComponentPropsWithoutRef<'button'>, 'onFocus' | 'onBlur'>;
}) {
  return (
    <Transition transition="slide-up" mounted={shown}>
      {(styles) => (
        <ActionIcon
          style={styles}
          size={52}
          radius="xl"
          aria-label="Quick actions"
          variant="filled"
          onClick={onClick}
          {...focusProps}
        >
          <IconPlus size={26} />
        </ActionIcon>
      )}
    </Transition>
  );
}

/**
 * The easy layout's floating quick-action menu (spec section 2; quick-actions-menu.tsx); adding vehicles and drivers
 * is for admins. `shown` comes from the shell (on a phone it steps aside while the page scrolls down).
 */
export function QuickActions({ shown }: { shown: boolean }) {
  const { wanted, pressed, press, focused, focusProps } = useLaterPart();
  const button = <QuickActionsButton shown={shown} onClick={press} focusProps={focusProps} />;
  return (
    <Affix position={{ bottom: 24, right: 24 }} {...{ [FLOATING_ATTRIBUTE]: true }}>
      <Suspense fallback={button}>
        {!wanted ? (
          button
        ) : (
          <QuickActionsMenu shown={shown} initiallyOpened={pressed} initiallyFocused={focused} />
        )}
      </Suspense>
    </Affix>
  );
}
