import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { isItemActive, type NavItem } from './nav-items';
import classes from './sidebar.module.css';
import { LaterTooltip } from '../../../../components/layout/later-tooltip';

/** The collapsed easy sidebar: one icon per entry; a group's icon leads to its main screen. */
export function IconRail({ items, pathname }: { items: NavItem[]; pathname: string }) {
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
              >
                <Icon size={22} stroke={1.6} />
              </UnstyledButton>
            ) : (
              <UnstyledButton
                component={Link}
                to={to}
                className={classes.railItem}
                aria-label={item.label}
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
