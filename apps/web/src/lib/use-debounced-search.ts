import { DATA_FETCH_DEBOUNCE_MS } from '@courier/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** What the user types, and the same text once they pause for the spec's 500 ms (DATA_FETCH_DEBOUNCE_MS). */
export function useDebouncedSearch(initial = '') {
  const [search, setSearch] = useState(initial);
  const [debounced] = useDebouncedValue(search.trim(), DATA_FETCH_DEBOUNCE_MS);
  return { search, setSearch, debouncedSearch: debounced };
}
