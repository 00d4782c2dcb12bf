import { WEBHOOK, type WebhookEndpointWithSecret } from '@courier/contract';
import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/date-format';
import { SecretField } from './secret-field';

const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** How a receiver checks a message, in Node.js (any language with HMAC-SHA256 and base64 does the same). */
const VERIFY_EXAMPLE = `const key = Buffer.from(secret.slice('${WEBHOOK.secretPrefix}'.length), 'base64');
const signed = \`\${id}.\${timestamp}.\${rawBody}\`;
const expected = createHmac('sha256', key).update(signed).digest();
// Compared in constant time; any one of the header's signatures may match (two during a rotation).
const valid = signatureHeader.split(' ').some((part) => {
  const given = Buffer.from(part.replace(/^v1,/, ''), 'base64');
  return part.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected);
});`;

/** The Standard Webhooks headers, and how the signature is made, for whoever writes the receiving side. */
function VerifyNote() {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Checking that a message comes from us
      </Text>
      <Text size="sm">Each POST carries three headers, as the Standard Webhooks specification says:</Text>
      <List size="sm" spacing={2}>
        <List.Item>
          <Code>webhook-id</Code>: the message&apos;s id (the same when it is sent again)
        </List.Item>
        <List.Item>
          <Code>webhook-timestamp</Code>: when it was sent, in seconds since 1970
        </List.Item>
        <List.Item>
          <Code>webhook-signature</Code>: <Code>v1,</Code> and the base64 HMAC-SHA256 of{' '}
          <Code>id.timestamp.body</Code>, its key the base64-decoded part after{' '}
          <Code>{WEBHOOK.secretPrefix}</Code>; several, space-separated, while a previous secret still signs
        </List.Item>
      </List>
      <Code block style={WRAP} data-testid="webhook-verify-example">
        {VERIFY_EXAMPLE}
      </Code>
      <Text size="xs" c="dimmed">
        Compare with the raw body as received, before parsing it, and refuse a timestamp far from your clock.
      </Text>
    </Stack>
  );
}

/**
 * An endpoint's signing secret, shown this once (at creation, or after a rotation): a read-only field to select and
 * a Copy button, which takes the focus; then how to verify a message.
 */
export function WebhookSecret({
  endpoint,
  rotated = false,
  onDone,
}: {
  endpoint: WebhookEndpointWithSecret;
  rotated?: boolean;
  onDone: () => void;
}) {
  return (
    <Stack gap="sm">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="It will not be shown again"
      >
        Copy the secret now and put it into the system at this address: it checks with it that each message
        comes from us. If it is lost, rotate the secret to get another.
      </Alert>
      <Text size="sm" ff="monospace" style={WRAP}>
        {endpoint.url}
      </Text>
      <SecretField label="Signing secret" value={endpoint.secret} testId="webhook-secret" />
      {rotated && endpoint.previousSecretExpiresAt ? (
        <Text size="sm">
          {`The previous secret also signs each message until ${formatDateTime(endpoint.previousSecretExpiresAt)}: switch your system to the new one before then.`}
        </Text>
      ) : null}
      <VerifyNote />
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
