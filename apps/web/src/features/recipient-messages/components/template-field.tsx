import { RECIPIENT_PLACEHOLDERS, type RecipientPlaceholder } from '@courier/contract';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { insertPlaceholder } from '../template-preview';

const WRAPPER_ORDER: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

const describe = (p: RecipientPlaceholder) => {
  const text = RECIPIENT_PLACEHOLDERS[p];
  return text.charAt(0).toLowerCase() + text.slice(1);
};

/**
 * A template's words with a button per placeholder that writes `{placeholder}` where the caret is (over the
 * selection), then puts the caret after it. The buttons are a group of their own, named after the field, reached by
 * Tab after it.
 */
export function TemplateField({
  label,
  multiline,
  maxLength,
  placeholders,
  path,
  value,
  error,
  onValue,
  description,
}: {
  label: string;
  multiline: boolean;
  maxLength: number;
  placeholders: readonly RecipientPlaceholder[];
  /** The form's path of the field (`templates.0.smsBody`): a failed save scrolls to it. */
  path: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
  description?: ReactNode;
}) {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const lineRef = useRef<HTMLInputElement>(null);
  const insert = (placeholder: RecipientPlaceholder) => {
    const el = multiline ? areaRef.current : lineRef.current;
    const selection = el
      ? { start: el.selectionStart ?? value.length, end: el.selectionEnd ?? value.length }
      : undefined;
    const next = insertPlaceholder(value, placeholder, selection);
    onValue(next.text);
    // Back in the field, the caret after what was written, once the new value is drawn.
    requestAnimationFrame(() => {
      const field = multiline ? areaRef.current : lineRef.current;
      field?.focus();
      field?.setSelectionRange(next.caret, next.caret);
    });
  };
  const common = {
    label,
    maxLength,
    description,
    inputWrapperOrder: WRAPPER_ORDER,
    value,
    error,
    'data-path': path,
    onChange: (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) =>
      onValue(event.currentTarget.value),
  };
  return (
    <Stack gap={6}>
      {multiline ? (
        <Textarea ref={areaRef} autosize minRows={3} maxRows={14} {...common} />
      ) : (
        <TextInput ref={lineRef} {...common} />
      )}
      <Group gap={6} role="group" aria-label={`Placeholders for ${label.toLowerCase()}`} wrap="wrap">
        <Text size="xs" c="dimmed" aria-hidden>
          Insert:
        </Text>
        {placeholders.map((p) => (
          <Button
            key={p}
            size="compact-xs"
            variant="light"
            radius="xl"
            ff="monospace"
            fw={500}
            tt="none"
            aria-label={`Insert {${p}}, ${describe(p)}`}
            title={RECIPIENT_PLACEHOLDERS[p]}
            onClick={() => insert(p)}
          >
            {`{${p}}`}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
