import { ActionIcon, Burger } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HOME_LINK_LABEL, Logo } from '../../../../components/brand/logo';
import { canSee } from '../../../../lib/roles';
import { useHomeRoute, useViewer } from '../../../../lib/session/use-viewer';
import classes from './header.module.css';
import { MessagesDropdown } from './messages-dropdown';
import { NotificationsDropdown } from './notifications-dropdown';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { LaterTooltip } from '../../../../components/layout/later-tooltip';

export function Header({
  variant,
  sidebarOpened,
  onToggleSidebar,
}: {
  variant: 'default' | 'easy';
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}) {
  const { viewer } = useViewer();
  const home = useHomeRoute();
  return (
    <header className={classes.header}>
      <Burger
        className={variant === 'default' ? classes.burgerDefault : classes.burgerEasy}
        opened={sidebarOpened}
        onClick={onToggleSidebar}
        size="sm"
        aria-label={sidebarOpened ? 'Close menu' : 'Open menu'}
      />
      <Link
        to={home}
        className={`${classes.logo} ${variant === 'default' ? classes.logoDefault : ''}`}
        aria-label={HOME_LINK_LABEL}
      >
        <span className={classes.logoFull}>
          <Logo />
        </span>
        <span className={classes.logoCompact}>
          <Logo compact size={28} />
        </span>
      </Link>
      {canSee('office', viewer) ? (
        <LaterTooltip label="Delivery Calendar">
          <ActionIcon
            component={Link}
            to="/DeliveryCalendar"
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label="Delivery Calendar"
          >
            <IconCalendarEvent size={20} />
          </ActionIcon>
        </LaterTooltip>
      ) : null}
      <div className={classes.spacer} />
      <SearchBox />
      <ThemeToggle />
      {/* Drivers have no inbox (decision 031): their talk with the office is the delivery's notes. */}
      {canSee('admin', viewer) ? <MessagesDropdown /> : null}
      <NotificationsDropdown />
      <UserMenu />
    </header>
  );
}
