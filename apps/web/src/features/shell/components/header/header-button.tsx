import { ActionIcon, Indicator } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactElement, ReactNode, Ref } from 'react';

/**
 * A header panel's button with its red dot when there is something new; `wrap` puts the panel's target around the
 * button itself (on the indicator's div, its aria-expanded was not allowed: axe).
 */
export function HeaderButton({
  label,
  icon,
  hasItems,
  onClick,
  focusProps,
  buttonRef,
  wrap = (button) => button,
}: {
  label: string;
  icon: ReactNode;
  hasItems: boolean;
  onClick: () => void;
  /** The placeholder's focus handlers (useLaterPart), so that the panel can take the focus over when it loads. */
  focusProps?: Pick<ComponentPropsWithoutRef<'button'>, 'onFocus' | 'onBlur'>;
  buttonRef?: Ref<HTMLButtonElement>;
  wrap?: (button: ReactElement) => ReactNode;
}) {
  return (
    <Indicator disabled={!hasItems} color="red" size={8} offset={6} processing>
      {wrap(
        <ActionIcon
          ref={buttonRef}
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={label}
          onClick={onClick}
          {...focusProps}
        >
          {icon}
        </ActionIcon>,
      )}
    </Indicator>
  );
}
