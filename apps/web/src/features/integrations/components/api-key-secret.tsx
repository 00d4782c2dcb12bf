import { deliveryCalls, type CreatedApiKey } from '@courier/contract';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { urlOf } from '../../../lib/api-client';
import { SecretField } from './secret-field';

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
      <SecretField label={`Secret of “${apiKey.name}”`} value={apiKey.secret} testId="api-key-secret" />
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
