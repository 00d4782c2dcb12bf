import { Anchor, Button, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { HOME_LINK_LABEL, Logo } from '../../../components/brand/logo';
import { MAIN_CONTENT_ID, SkipLink, focusTargetClass } from '../../../components/layout/skip-link';
import { usePersisted } from '../../../lib/persist-store';
import { DEFAULT_LOGGED_IN_ROUTE } from '@courier/contract';
import classes from './marketing.module.css';

const LINKS = [
  { label: 'Courier Advance', to: '/CourierAdvance' },
  { label: 'Pricing', to: '/Pricing' },
  { label: 'FAQs', to: '/FAQs' },
  { label: 'Contact', to: '/ContactUs' },
];

/** Top bar and site links of the public pages; the blank layout adds the copyright footer. */
export function MarketingFrame({ children }: { children: ReactNode }) {
  const isLoggedIn = usePersisted((state) => state.isLoggedIn);
  return (
    <>
      {/* The keyboard's first stop: past the site's links to the page (WCAG 2.4.1). */}
      <SkipLink />
      <header className={classes.topbar}>
        <Container size="lg" className={classes.topbarInner}>
          <Link to="/" aria-label={HOME_LINK_LABEL} style={{ textDecoration: 'none' }}>
            <Logo />
          </Link>
          <nav className={classes.navLinks} aria-label="Site">
            {LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={classes.navLink}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className={classes.spacer} />
          {isLoggedIn ? (
            <Button component={Link} to={DEFAULT_LOGGED_IN_ROUTE} size="sm">
              Dashboard
            </Button>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to="/login" size="sm" variant="default">
                Sign In
              </Button>
              <Button component={Link} to="/Register" size="sm">
                Sign Up
              </Button>
            </Group>
          )}
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={focusTargetClass}>
        {children}
      </main>
      {/* The top bar hides these on small screens, so they are repeated at the foot of every public page. */}
      <Group component="nav" aria-label="Site links" justify="center" gap="lg" pt="xl" px="md">
        {LINKS.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
            {link.label}
          </Anchor>
        ))}
      </Group>
    </>
  );
}
