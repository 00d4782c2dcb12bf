import { useLocation } from 'react-router';
import { useViewer } from '../../../../lib/session/use-viewer';
import { IconRail } from './icon-rail';
import { EASY_NAV, visibleItems } from './nav-items';
import { NavTree } from './nav-tree';
import { SidebarFrame } from './sidebar-frame';
import classes from './sidebar.module.css';

/** Icons only while collapsed; the full menu when hovered (or opened on a small screen). */
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
  return (
    <SidebarFrame compact={!expanded} closable={opened} onClose={onClose}>
      {expanded ? (
        <nav className={classes.nav} aria-label="Main">
          <NavTree items={items} pathname={pathname} onNavigate={onClose} />
        </nav>
      ) : (
        <IconRail items={items} pathname={pathname} />
      )}
    </SidebarFrame>
  );
}
