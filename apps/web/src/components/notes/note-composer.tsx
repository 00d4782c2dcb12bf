import { LIMITS, type Mentionable, type NoteMention } from '@courier/contract';
import { Button, Combobox, Group, Select, Stack, Text, Textarea, useCombobox } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { LookupOption } from '../../lib/lookups/get-lookup';
import { insertMention, mentionedIn, mentionQueryAt } from './mentions';

const SHOWN_MAX = 8;

/**
 * A note's text (and, for a new note, its type): used to write a note, a reply and to edit one in place.
 * Ctrl+Enter (or Cmd+Enter) saves; Escape cancels when there is a cancel. With `mentionable`, typing `@` offers the
 * people who can read the note; those still named in the text are sent as its mentions.
 */
export function NoteComposer({
  label,
  submitLabel,
  initialMessage = '',
  initialType = 'general',
  typeOptions,
  pending,
  error,
  onSubmit,
  onCancel,
  autoFocus = false,
  large = false,
  mentionable,
  initialMentions = [],
}: {
  label: string;
  submitLabel: string;
  initialMessage?: string;
  initialType?: string;
  /** Shown as a type select when given. */
  typeOptions?: LookupOption[] | undefined;
  pending: boolean;
  error?: string | null | undefined;
  onSubmit: (input: {
    message: string;
    noteTypeSlug: string;
    mentionedUserUuids: string[];
  }) => Promise<unknown>;
  onCancel?: (() => void) | undefined;
  autoFocus?: boolean;
  /** Larger text and buttons, for a phone held in one hand. */
  large?: boolean;
  /** Who may be mentioned (`@`); without it the composer offers no one. */
  mentionable?: readonly Mentionable[] | undefined;
  /** The note's mentions when editing it. */
  initialMentions?: readonly NoteMention[];
}) {
  const [message, setMessage] = useState(initialMessage);
  const [type, setType] = useState(initialType);
  const [problem, setProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<NoteMention[]>([...initialMentions]);
  const [at, setAt] = useState<{ start: number; query: string } | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const needle = at?.query.toLowerCase() ?? '';
  const offered = at
    ? (mentionable ?? [])
        .filter((m) => m.name.toLowerCase().includes(needle) || m.email.toLowerCase().startsWith(needle))
        .slice(0, SHOWN_MAX)
    : [];
  const follow = (text: string, caret: number) => {
    const next = mentionable?.length ? mentionQueryAt(text, caret) : null;
    setAt(next);
    if (next) {
      combobox.openDropdown();
      combobox.updateSelectedOptionIndex();
    } else combobox.closeDropdown();
  };
  // The people arrive after the composer shows: an `@Mil` typed before they did is offered them as they come.
  useEffect(() => {
    const el = area.current;
    if (el && document.activeElement === el) follow(el.value, el.selectionStart);
    // Only when the people change; `follow` reads the text from the field itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mentionable]);
  const pick = (uuid: string) => {
    const person = mentionable?.find((m) => m.userUuid === uuid);
    if (!person || !at) return;
    const next = insertMention(message, at, person.name);
    setMessage(next.text);
    setPicked((list) => [...list, { userUuid: person.userUuid, name: person.name }]);
    setAt(null);
    combobox.closeDropdown();
    requestAnimationFrame(() => area.current?.setSelectionRange(next.caret, next.caret));
  };
  const submit = () => {
    const text = message.trim();
    if (!text) return setProblem('Write a note.');
    if (text.length > LIMITS.noteMessageMax)
      return setProblem(`A note is at most ${LIMITS.noteMessageMax} characters.`);
    setProblem(null);
    onSubmit({ message: text, noteTypeSlug: type, mentionedUserUuids: mentionedIn(text, picked) }).then(
      () => {
        setMessage('');
        setPicked([]);
      },
      () => undefined,
    );
  };
  return (
    <Stack gap="xs">
      <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start" withinPortal={false}>
        <Combobox.Target withKeyboardNavigation={offered.length > 0}>
          <Textarea
            ref={area}
            label={label}
            size={large ? 'md' : 'sm'}
            placeholder="Write a note…"
            autosize
            minRows={2}
            maxRows={8}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setProblem(null);
              follow(e.currentTarget.value, e.currentTarget.selectionStart);
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && combobox.dropdownOpened) {
                e.stopPropagation();
                combobox.closeDropdown();
              } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              } else if (e.key === 'Escape' && onCancel) {
                e.stopPropagation();
                onCancel();
              }
            }}
            error={problem ?? error}
            maxLength={LIMITS.noteMessageMax}
            autoFocus={autoFocus}
            description={
              mentionable?.length ? 'Type @ to mention someone who can read this note.' : undefined
            }
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={offered.length === 0}>
          <Combobox.Options aria-label="People to mention">
            {offered.map((m) => (
              <Combobox.Option key={m.userUuid} value={m.userUuid}>
                <Text size="sm" fw={600}>
                  {m.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.email}
                </Text>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {typeOptions ? (
          <Select
            aria-label="Note type"
            data={typeOptions}
            value={type}
            onChange={(v) => v && setType(v)}
            allowDeselect={false}
            size="xs"
            w={200}
          />
        ) : (
          <span />
        )}
        <Group gap="xs">
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <Button size={large ? 'md' : 'xs'} onClick={submit} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
