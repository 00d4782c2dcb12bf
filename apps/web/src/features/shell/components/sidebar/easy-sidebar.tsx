import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useViewer } from '../../../../lib/session/use-viewer';
import { IconRail } from './icon-rail';
import { EASY_NAV, visibleItems } from './nav-items';
import { NavTree } from './nav-tree';
import { SidebarFrame } from './sidebar-frame';
import classes from './sidebar.module.css';

/** Icons only while collapsed; the full menu when hovered, when the keyboard's focus is in it, or opened on a phone. */
export function EasySidebar({
  expanded,
  opened,
  onClose,
}: {
  expanded: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const { pathname } = useLocation();
  const { viewer } = useViewer();
  const items = visibleItems(EASY_NAV, viewer);
  // The icon that took the keyboard's focus (Shift+Tab back from the header reaches the last one first) opens the
  // menu, which replaces the icons: the focus goes on to the same entry of the menu instead of being lost.
  const focusedIcon = useRef<string | null>(null);
  const menu = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const label = focusedIcon.current;
    focusedIcon.current = null;
    if (!expanded || label === null) return;
    // Only when the icon's going has left the focus nowhere.
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    const entries = menu.current?.querySelectorAll<HTMLElement>('[data-nav-label]') ?? [];
    Array.from(entries)
      .find((entry) => entry.dataset.navLabel === label)
      ?.focus();
  }, [expanded]);
  return (
    <SidebarFrame compact={!expanded} closable={opened} onClose={onClose}>
      {expanded ? (
        <nav ref={menu} className={classes.nav} aria-label="Main">
          <NavTree items={items} pathname={pathname} onNavigate={onClose} />
        </nav>
      ) : (
        <IconRail items={items} pathname={pathname} onItemFocus={(label) => (focusedIcon.current = label)} />
      )}
    </SidebarFrame>
  );
}
