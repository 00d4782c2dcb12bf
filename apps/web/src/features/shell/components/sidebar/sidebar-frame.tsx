import { CloseButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_LINK_LABEL, Logo } from '../../../../components/brand/logo';
import { useHomeRoute } from '../../../../lib/session/use-viewer';
import classes from './sidebar.module.css';

/** Brand row and scrolling body shared by both sidebars. */
export function SidebarFrame({
  compact,
  closable,
  onClose,
  children,
}: {
  compact: boolean;
  /** Show the close button (the sidebar is open over the content on a small screen). */
  closable: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const home = useHomeRoute();
  return (
    <div className={classes.sidebar}>
      <div className={classes.brand} style={compact ? { justifyContent: 'center', padding: 0 } : undefined}>
        <Link to={home} className={classes.brandLink} aria-label={HOME_LINK_LABEL}>
          <Logo compact={compact} />
        </Link>
        {closable ? (
          <CloseButton className={classes.close} onClick={onClose} aria-label="Close menu" />
        ) : null}
      </div>
      {/* A native scroller with a thin bar: Mantine's ScrollArea brings floating-ui into the frame's file (decision 047). */}
      <div className={classes.scroll}>{children}</div>
    </div>
  );
}
