import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseOpenAuctionParams } from '../auction-format';

/** /BidsOpen's filters, sort and page live in the address, so a reload or a shared link keeps the view. */
export function useOpenAuctionParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseOpenAuctionParams(search), [search]);
  const update = useCallback(
    (patch: Record<string, string | number | null>) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          // Any change but the page starts again from the first page.
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const hasFilters = Boolean(params.size || params.maxMiles || params.closingHours || params.urgency);
  const clearFilters = useCallback(
    () => update({ size: null, maxMiles: null, closingHours: null, urgency: null }),
    [update],
  );
  return { params, update, hasFilters, clearFilters };
}
