import { useRef, useState, type FocusEvent } from 'react';

/**
 * The easy sidebar opens while the pointer is over it (spec section 2: 70px collapsed, 260px hovered) and, for the
 * keyboard, while the focus is inside it (issue 33). A focus that follows a press of the pointer does not count: the
 * pointer is over the sidebar then anyway, and opening under a tap would move the entry tapped. The focus leaving is
 * judged a task later, once an icon of the collapsed sidebar that had the focus has handed it to its entry of the
 * full menu (easy-sidebar.tsx).
 */
export function useSidebarPeek(enabled: boolean) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const pressed = useRef(false);
  if (!enabled) return { peeking: false, handlers: {} };
  return {
    peeking: hovered || focused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onPointerDown: () => {
        // The focus a press gives comes in the same task; a press on no control leaves none to skip.
        pressed.current = true;
        window.setTimeout(() => (pressed.current = false), 0);
      },
      onFocus: () => {
        if (pressed.current) pressed.current = false;
        else setFocused(true);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const sidebar = event.currentTarget;
        if (event.relatedTarget instanceof Node && sidebar.contains(event.relatedTarget)) return;
        window.setTimeout(() => {
          if (!sidebar.contains(document.activeElement)) setFocused(false);
        }, 0);
      },
    },
  };
}
