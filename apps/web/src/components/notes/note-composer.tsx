import { LIMITS } from '@courier/contract';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { LookupOption } from '../../lib/lookups/get-lookup';

/**
 * A note's text (and, for a new note, its type): used to write a note, a reply and to edit one in place.
 * Ctrl+Enter (or Cmd+Enter) saves; Escape cancels when there is a cancel.
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
}: {
  label: string;
  submitLabel: string;
  initialMessage?: string;
  initialType?: string;
  /** Shown as a type select when given. */
  typeOptions?: LookupOption[] | undefined;
  pending: boolean;
  error?: string | null | undefined;
  onSubmit: (input: { message: string; noteTypeSlug: string }) => Promise<unknown>;
  onCancel?: (() => void) | undefined;
  autoFocus?: boolean;
  /** Larger text and buttons, for a phone held in one hand. */
  large?: boolean;
}) {
  const [message, setMessage] = useState(initialMessage);
  const [type, setType] = useState(initialType);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const text = message.trim();
    if (!text) return setProblem('Write a note.');
    if (text.length > LIMITS.noteMessageMax)
      return setProblem(`A note is at most ${LIMITS.noteMessageMax} characters.`);
    setProblem(null);
    onSubmit({ message: text, noteTypeSlug: type }).then(
      () => setMessage(''),
      () => undefined,
    );
  };
  return (
    <Stack gap="xs">
      <Textarea
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
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
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
      />
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
