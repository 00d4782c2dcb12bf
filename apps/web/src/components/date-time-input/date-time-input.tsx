import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useRef, useState, type FocusEvent } from 'react';
import classes from './date-time-input.module.css';
import { DATE_TIME_PLACEHOLDER, isDateTimeValue, textOfValue, valueOfText } from './date-time-text';

export type DateTimeInputProps = Omit<
  TextInputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'rightSection' | 'rightSectionPointerEvents'
> & {
  /** "2026-11-21T14:00" (local time), '' or the text typed, as a `datetime-local` input's value would be. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
};

/**
 * A date and time in two keyboard stops (decision 063): a text field that reads "2026-11-21 14:00", and a button that
 * opens the browser's own date-time picker. Chromium's `datetime-local` input costs seven (each of its parts and its
 * picker button). Controlled (`value`) or not (`defaultValue`, as Mantine's uncontrolled forms give it).
 */
export function DateTimeInput({ value, defaultValue, onChange, onBlur, ...rest }: DateTimeInputProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  // What is being typed, shown as typed until the field is left (a value read from it is shown in its own format).
  const [draft, setDraft] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const change = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // A browser without showPicker, or one that refuses it here: the text field is still there.
    }
  };
  const inactive = Boolean(rest.disabled) || Boolean(rest.readOnly);
  return (
    <TextInput
      placeholder={DATE_TIME_PLACEHOLDER}
      autoComplete="off"
      {...rest}
      value={draft ?? textOfValue(current)}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        change(valueOfText(event.currentTarget.value));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setDraft(null);
        onBlur?.(event);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Choose date and time"
            onClick={openPicker}
            disabled={inactive}
          >
            <IconCalendarEvent size={18} />
          </ActionIcon>
          <input
            ref={picker}
            type="datetime-local"
            className={classes.picker}
            tabIndex={-1}
            aria-hidden
            value={isDateTimeValue(current) ? current : ''}
            onChange={(event) => {
              setDraft(null);
              change(event.currentTarget.value);
            }}
          />
        </>
      }
    />
  );
}
