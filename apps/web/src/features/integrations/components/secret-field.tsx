import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * A secret shown once (an API key, a webhook's signing secret): a read-only field that selects itself when focused,
 * and a Copy button, which takes the focus: copying is the one thing to do here.
 */
export function SecretField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => copyButton.current?.focus(), []);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        styles={MONOSPACE}
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={testId}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            ref={copyButton}
            onClick={copy}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
