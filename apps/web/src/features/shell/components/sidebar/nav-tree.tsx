import { NavLink } from '@mantine/core';
import { IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isItemActive, isPathActive, type NavGroupItem, type NavItem, type NavLinkItem } from './nav-items';
import classes from './sidebar.module.css';

interface EntryProps {
  pathname: string;
  onNavigate?: (() => void) | undefined;
}

function NavEntry({ item, pathname, onNavigate }: EntryProps & { item: NavLinkItem }) {
  const icon = item.icon ? <item.icon size={20} stroke={1.6} /> : null;
  if (item.external) {
    return (
      <NavLink
        className={classes.link}
        component="a"
        href={item.to}
        target="_blank"
        rel="noopener noreferrer"
        label={item.label}
        data-nav-label={item.label}
        leftSection={icon}
        rightSection={<IconExternalLink size={14} />}
      />
    );
  }
  const active = isPathActive(pathname, item.to);
  return (
    <NavLink
      className={classes.link}
      component={Link}
      to={item.to}
      label={item.label}
      data-nav-label={item.label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

function NavGroup({ item, pathname, onNavigate }: EntryProps & { item: NavGroupItem }) {
  const active = isItemActive(pathname, item);
  // Open while one of its links is current, unless the user folded it.
  const [userOpened, setUserOpened] = useState<boolean | null>(null);
  const opened = userOpened ?? active;
  return (
    <NavLink
      className={classes.link}
      label={item.label}
      data-nav-label={item.label}
      leftSection={<item.icon size={20} stroke={1.6} />}
      rightSection={<IconChevronRight size={14} />}
      active={active}
      variant="subtle"
      opened={opened}
      onChange={setUserOpened}
      childrenOffset={28}
      data-group-active={active || undefined}
    >
      {item.children.map((child) => (
        <NavEntry key={child.to} item={child} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

/** The expanded menu: links and foldable groups; the current link and its group are marked active. */
export function NavTree({ items, pathname, onNavigate }: EntryProps & { items: NavItem[] }) {
  return (
    <>
      {items.map((item) =>
        item.kind === 'link' ? (
          <NavEntry key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <NavGroup key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />
        ),
      )}
    </>
  );
}
