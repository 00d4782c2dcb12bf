import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { isItemActive, type NavItem } from './nav-items';
import classes from './sidebar.module.css';
import { LaterTooltip } from '../../../../components/layout/later-tooltip';

/**
 * The collapsed easy sidebar: one icon per entry; a group's icon leads to its main screen. `onItemFocus` learns which
 * entry took the focus (its label, also the menu entry's `data-nav-label`).
 */
export function IconRail({
  items,
  pathname,
  onItemFocus,
}: {
  items: NavItem[];
  pathname: string;
  onItemFocus?: (label: string) => void;
}) {
  return (
    <nav className={classes.rail} aria-label="Main">
      {items.map((item) => {
        const Icon = item.icon;
        if (!Icon) return null;
        const active = isItemActive(pathname, item);
        const to = item.kind === 'link' ? item.to : (item.collapsedTo ?? item.children[0]?.to ?? '/');
        const external = item.kind === 'link' && item.external;
        return (
          <LaterTooltip key={item.label} label={item.label} position="right" withArrow>
            {external ? (
              <UnstyledButton
                component="a"
                href={to}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.railItem}
                aria-label={item.label}
                data-nav-label={item.label}
                onFocus={() => onItemFocus?.(item.label)}
              >
                <Icon size={22} stroke={1.6} />
              </UnstyledButton>
            ) : (
              <UnstyledButton
                component={Link}
                to={to}
                className={classes.railItem}
                aria-label={item.label}
                data-nav-label={item.label}
                onFocus={() => onItemFocus?.(item.label)}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
              >
                <Icon size={22} stroke={1.6} />
              </UnstyledButton>
            )}
          </LaterTooltip>
        );
      })}
    </nav>
  );
}
