import { Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useIsCompanyAdmin } from '../../../../lib/session/use-is-company-admin';
import { FULL_NAV, visibleItems } from './nav-items';
import { NavTree } from './nav-tree';
import { SidebarFrame } from './sidebar-frame';
import classes from './sidebar.module.css';

export function FullSidebar({ onClose }: { onClose: () => void }) {
  const { pathname } = useLocation();
  const { isAdmin } = useIsCompanyAdmin();
  return (
    <SidebarFrame compact={false} closable onClose={onClose}>
      <nav className={classes.nav} aria-label="Main">
        {FULL_NAV.map((section) => (
          <div key={section.label}>
            <Text className={classes.sectionLabel}>{section.label}</Text>
            <NavTree items={visibleItems(section.items, isAdmin)} pathname={pathname} onNavigate={onClose} />
          </div>
        ))}
      </nav>
    </SidebarFrame>
  );
}
