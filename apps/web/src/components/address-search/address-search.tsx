import { PLACE_SEARCH_MIN_LENGTH, type Place } from '@courier/contract';
import { Button, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { isApiError } from '../../lib/errors';
import { usePlacesConfig } from './api/get-places-config';
import { usePlaceSearch } from './api/search-places';
import { useCompanyCountry } from '../../lib/session/company-country';
import { useCompanyDepot } from '../../lib/session/company-depot';

/** Suggestions follow the typing closely; a shorter pause than a list's filter, the geocoder is paced server-side. */
export const PLACE_SEARCH_DEBOUNCE_MS = 300;

const FAILED_HINT =
  'The address search is not answering: type the address below, it is placed on the map later.';

/** What the user is told when the search fails: the server's words for a busy or absent geocoder. */
function hintOf(error: unknown): string {
  if (isApiError(error, 503) || isApiError(error, 429)) return error.message;
  return FAILED_HINT;
}

const countryOf = (code: string | undefined) =>
  code && /^[A-Za-z]{2}$/.test(code.trim()) ? code.trim().toUpperCase() : undefined;

export interface AddressSearchProps {
  /** A suggestion was picked: fill the fields from it and keep its point. */
  onPick: (place: Place) => void;
  /** Rank this country's places first (the address's country field, the company's country). */
  country?: string | undefined;
  /** Rank places near this point first (the depot). */
  near?: { lat: number; lng: number } | null | undefined;
  label?: string;
}

/**
 * Address search with suggestions (issue 32, decision 060): debounced as one types, the previous request cancelled
 * when the typing goes on, arrows and Enter to pick, Escape to close. Where the geocoder forbids searching as one
 * types (the public Nominatim) it searches on Enter or the button; with no geocoder it is not shown. A failure is a
 * hint, not an error: the fields below still take the address, which the server places after saving.
 */
export function AddressSearch({
  onPick,
  country,
  near,
  label = 'Search for an address',
}: AddressSearchProps) {
  const config = usePlacesConfig();
  // The address's own country first; with none typed yet, the company's.
  const companyCountry = useCompanyCountry();
  // Near the point given (the map's, the depot's field); with none, near the company's depot.
  const depot = useCompanyDepot();
  const asYouType = config?.autocomplete ?? false;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  // Without suggestions as one types, the text searched when Enter or the button was pressed.
  const [asked, setAsked] = useState('');
  const q = asYouType ? debounced : asked;
  const search = usePlaceSearch(
    { q, country: countryOf(country) ?? companyCountry, near: near ?? depot },
    Boolean(config) && config?.provider !== 'none' && q.length >= PLACE_SEARCH_MIN_LENGTH,
  );
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const places = search.isError ? [] : (search.data ?? []);

  // New suggestions: none is selected until the arrows say so.
  useEffect(() => {
    combobox.resetSelectedOption();
    // Only when the suggestions change; the store is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.data]);

  if (!config || config.provider === 'none') return null;

  const long = text.trim().length >= PLACE_SEARCH_MIN_LENGTH;
  const answered = search.isSuccess && !search.isPlaceholderData;
  const shown = long && !search.isError && (places.length > 0 || answered);

  const searchNow = () => {
    if (!long) return;
    setAsked(text.trim());
    combobox.openDropdown();
  };
  const pick = (index: string) => {
    const place = places[Number(index)];
    if (!place) return;
    onPick(place);
    setText('');
    setAsked('');
    combobox.closeDropdown();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && combobox.dropdownOpened) event.stopPropagation();
    // Enter picks the selected suggestion (the combobox does it); otherwise it searches, never submits the form.
    if (event.key === 'Enter' && !(combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1)) {
      event.preventDefault();
      if (!asYouType) searchNow();
    }
  };

  const description = search.isError ? (
    <span role="status">{hintOf(search.error)}</span>
  ) : asYouType ? undefined : (
    'Press Enter or Search to look it up; then pick the address in the list.'
  );

  return (
    <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start">
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={label}
          placeholder="Start typing a street, a postcode or a place"
          value={text}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          description={description}
          inputWrapperOrder={['label', 'input', 'description']}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            if (asYouType && next.trim().length >= PLACE_SEARCH_MIN_LENGTH) combobox.openDropdown();
            else if (asYouType || next.trim() !== asked) combobox.closeDropdown();
          }}
          onFocus={() => {
            if (asYouType && long) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          rightSectionWidth={asYouType ? undefined : 84}
          rightSectionPointerEvents={asYouType ? 'none' : 'all'}
          rightSection={
            asYouType ? (
              search.isFetching ? (
                <Loader size={14} aria-label="Searching" />
              ) : null
            ) : (
              <Button size="compact-sm" variant="light" loading={search.isFetching} onClick={searchNow}>
                Search
              </Button>
            )
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!shown}>
        <Combobox.Options aria-label="Suggested addresses">
          {places.length === 0 ? <Combobox.Empty>No address found: type it in below</Combobox.Empty> : null}
          {places.map((place, index) => (
            <Combobox.Option key={`${index}-${place.label}`} value={String(index)}>
              <Text size="sm">{place.label}</Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
        {config.attribution ? (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {config.attribution}
            </Text>
          </Combobox.Footer>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}
