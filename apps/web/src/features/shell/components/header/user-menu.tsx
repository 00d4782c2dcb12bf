import { displayName } from '@courier/contract';
import { Avatar, UnstyledButton } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { lazy, Suspense, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useMe } from '../../../../lib/session/get-me';
import { laterPart, useLaterPart } from '../../../../lib/use-after-first-input';

// The menu (Menu and floating-ui) loads at the user's first input, or at the first press (decisions 047, 050).
const UserMenuDropdown = lazy(laterPart(() => import('./user-menu-dropdown')));

/** The signed-in user's name as the header shows it, and its initials. */
export function useUserName(): { name: string; initials: string } {
  const { data: user } = useMe();
  const name = user ? displayName(user) : '';
  return { name, initials: initialsOf(name) };
}

/** The user menu's button: the user's picture, or their initials. */
export function UserMenuButton({
  buttonRef,
  ref,
  ...rest
}: Omit<ComponentPropsWithoutRef<'button'>, 'children'> & {
  ref?: Ref<HTMLButtonElement>;
  /** Beside `ref`, which the menu's target sets. */
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const merged = useMergedRef(ref, buttonRef);
  const { data: user } = useMe();
  const { name, initials } = useUserName();
  return (
    // The name holds the initials the button shows (WCAG 2.5.3: speech users say what they see).
    <UnstyledButton
      {...rest}
      ref={merged}
      aria-label={initials ? `User menu, ${initials}` : 'User menu'}
      ml={4}
    >
      <Avatar
        src={user?.imgThumbUrl ?? null}
        name={name || undefined}
        color="initials"
        radius="xl"
        size={36}
        alt=""
      >
        {initials || null}
      </Avatar>
    </UnstyledButton>
  );
}

/** The header's user menu (user-menu-dropdown.tsx); until its code has loaded, its button: a press loads and opens it. */
export function UserMenu() {
  const { wanted, pressed, press, focused, focusProps } = useLaterPart();
  const button = <UserMenuButton onClick={press} {...focusProps} />;
  return (
    <Suspense fallback={button}>
      {!wanted ? button : <UserMenuDropdown initiallyOpened={pressed} initiallyFocused={focused} />}
    </Suspense>
  );
}

/** The avatar's initials, as Mantine draws them from a name: the first letters of the first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
}
