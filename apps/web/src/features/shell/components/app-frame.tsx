import { LAYOUT } from '@courier/contract';
import { useState, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ModalsSlot } from '../../../components/dialogs/modals';
import { MAIN_CONTENT_ID, SkipLink, focusTargetClass } from '../../../components/layout/skip-link';
import { AuctionAlerts } from '../../../components/live/auction-alerts';
import { driverKeys } from '../../../lib/driver-keys';
import { LiveStreamProvider, useLiveStreamUrl } from '../../../lib/live/live-provider';
import { canSee } from '../../../lib/roles';
import { useCompanySlug } from '../../../lib/session/use-company-slug';
import { useViewer } from '../../../lib/session/use-viewer';
import '../../../styles/frame-styles';
import { useCompanyDateStyle } from '../../../lib/session/company-country';
import classes from './app-frame.module.css';
import { Header } from './header/header';
import { QuickActions } from './quick-actions';
import { ScrollToTop } from './scroll-to-top';
import { useFloatingButtonsShown, zoneOf } from './use-floating-buttons';
import { EasySidebar } from './sidebar/easy-sidebar';
import { FullSidebar } from './sidebar/full-sidebar';
import { useSidebarPeek } from './sidebar/use-sidebar-peek';

const frameVariables = {
  '--sidebar-width': `${LAYOUT.sidebarWidth}px`,
  '--sidebar-collapsed-width': `${LAYOUT.sidebarCollapsedWidth}px`,
  '--content-margin': `${LAYOUT.contentMarginPx}px`,
  '--hovered-content-margin': `${LAYOUT.hoveredContentMarginPx}px`,
  '--collapse-ms': `${LAYOUT.collapseAnimationMs}ms`,
} as CSSProperties;

/**
 * The signed-in shell: sidebar, header, content, scroll-to-top and (easy mode, for the office) the quick-action
 * button.
 * The small-screen sidebar is open only for the path it was opened on, so any navigation closes it.
 */
export function AppFrame({ variant }: { variant: 'default' | 'easy' }) {
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === pathname;
  const close = () => setOpenedOn(null);
  const toggle = () => setOpenedOn(opened ? null : pathname);
  const isEasy = variant === 'easy';
  // The easy sidebar opens under the pointer and around the keyboard's focus.
  const peek = useSidebarPeek(isEasy);
  // Every quick action leads to an office screen: a driver's thumb area stays free (decision 018).
  const { viewer } = useViewer();
  const quickActions = isEasy && canSee('office', viewer);
  const floatingShown = useFloatingButtonsShown(zoneOf(quickActions));
  // Dates and times in the company's style (issue 33).
  useCompanyDateStyle();
  // One live stream for the signed-in tab (decision 023); screens subscribe with useLiveEvents.
  const slug = useCompanySlug();
  const liveUrl = useLiveStreamUrl(slug, viewer?.admin ?? false, viewer?.driver ?? false);

  // The confirm dialogs (components/list/confirm, status actions) all open inside this frame; their host lives here,
  // so that Mantine's Modal is not on the sign-in screen's first load (decision 042), and mounts after the first
  // screen (decision 047).
  return (
    <LiveStreamProvider
      url={liveUrl}
      slug={viewer?.admin ? slug : null}
      {...(viewer?.driver ? { driverKeys } : {})}
    >
      <div
        className={classes.frame}
        style={frameVariables}
        data-layout={variant}
        data-opened={opened || undefined}
        data-hovered={peek.peeking || undefined}
      >
        {/* The keyboard's first stop: past the sidebar and the header to the screen (WCAG 2.4.1). */}
        <SkipLink />
        <aside className={classes.sidebar} {...peek.handlers}>
          {isEasy ? (
            <EasySidebar expanded={peek.peeking || opened} opened={opened} onClose={close} />
          ) : (
            <FullSidebar onClose={close} />
          )}
        </aside>
        {opened ? (
          <div className={classes.backdrop} data-layout={variant} onClick={close} role="presentation" />
        ) : null}
        <div className={classes.main}>
          <Header variant={variant} sidebarOpened={opened} onToggleSidebar={toggle} />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${classes.content} ${focusTargetClass}`}>
            <Outlet />
          </main>
        </div>
        <ScrollToTop raised={quickActions} shown={floatingShown} />
        {viewer?.admin ? <AuctionAlerts /> : null}
        {quickActions ? <QuickActions shown={floatingShown} /> : null}
      </div>
      <ModalsSlot />
    </LiveStreamProvider>
  );
}
