import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useParams } from 'react-router';
import { useFocusHeadingOnNavigate } from '../components/layout/use-focus-heading';
import { BRAND_NAME } from '../lib/config';
import { useScreenHandle } from '../lib/route-handle';
import { recordRoute } from '../lib/route-store';

/**
 * Above every layout: records the current route, keeps the document title in step, restores scroll, and moves the
 * focus to a new screen's heading.
 */
export function RootRoute() {
  const location = useLocation();
  const params = useParams();
  const pageTitle = useScreenHandle()?.title ?? null;

  useEffect(() => {
    recordRoute({
      pathname: location.pathname,
      params,
      query: Object.fromEntries(new URLSearchParams(location.search)),
    });
  }, [location.pathname, location.search, params]);

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${BRAND_NAME}` : BRAND_NAME;
  }, [pageTitle]);

  useFocusHeadingOnNavigate(location.pathname);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
