import { Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useViewer } from '../../../../lib/session/use-viewer';
import { FULL_NAV, visibleSections } from './nav-items';
import { NavTree } from './nav-tree';
import { SidebarFrame } from './sidebar-frame';
import classes from './sidebar.module.css';

export function FullSidebar({ onClose }: { onClose: () => void }) {
  const { pathname } = useLocation();
  const { viewer } = useViewer();
  return (
    <SidebarFrame compact={false} closable onClose={onClose}>
      <nav className={classes.nav} aria-label="Main">
        {visibleSections(FULL_NAV, viewer).map((section) => (
          <div key={section.label}>
            <Text className={classes.sectionLabel}>{section.label}</Text>
            <NavTree items={section.items} pathname={pathname} onNavigate={onClose} />
          </div>
        ))}
      </nav>
    </SidebarFrame>
  );
}
