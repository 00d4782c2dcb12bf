import { deliveryCalls, type CreatedApiKey } from '@courier/contract';
import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { urlOf } from '../../../lib/api-client';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** A call the key can try at once: the company's deliveries, as the Read deliveries scope allows. */
export function exampleCurl(secret: string, slug: string, origin = window.location.origin): string {
  const url = `${origin}${urlOf(deliveryCalls.listDeliveries, { companySlug: slug })}`;
  return `curl -H "Authorization: Bearer ${secret}" ${url}`;
}

/**
 * The new key's whole secret, shown this once (the server keeps only its hash): a read-only field to select and a
 * Copy button, with a call to try it. The focus moves to the Copy button, the one thing to do here.
 */
export function ApiKeySecret({
  slug,
  apiKey,
  onDone,
}: {
  slug: string;
  apiKey: CreatedApiKey;
  onDone: () => void;
}) {
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => copyButton.current?.focus(), []);
  const curl = exampleCurl(apiKey.secret, slug);
  return (
    <Stack gap="sm">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="It will not be shown again"
      >
        Copy the key now and put it into the system that will use it. We keep only a fingerprint of it: if it
        is lost, revoke it and create another.
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={`Secret of “${apiKey.name}”`}
          value={apiKey.secret}
          readOnly
          styles={MONOSPACE}
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="api-key-secret"
        />
        <CopyButton value={apiKey.secret}>
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
      <Text size="sm">
        Send it as a Bearer token. To try it, list the company&apos;s deliveries (with the Read deliveries
        scope):
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="api-key-curl">
        {curl}
      </Code>
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
