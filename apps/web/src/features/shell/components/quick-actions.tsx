import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useLaterPart } from '../../../lib/use-after-first-screen';

// The menu (Menu and floating-ui) loads after the first screen, or at the first press (decision 047).
const QuickActionsMenu = lazy(() => import('./quick-actions-menu'));

function QuickActionsButton({ shown, onClick }: { shown: boolean; onClick?: () => void }) {
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
  const { wanted, pressed, press } = useLaterPart();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      {!wanted ? (
        <QuickActionsButton shown={shown} onClick={press} />
      ) : (
        <Suspense fallback={<QuickActionsButton shown={shown} onClick={press} />}>
          <QuickActionsMenu shown={shown} initiallyOpened={pressed} />
        </Suspense>
      )}
    </Affix>
  );
}
