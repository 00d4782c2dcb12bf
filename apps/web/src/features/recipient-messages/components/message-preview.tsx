import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import { sendsEmail, sendsSms, type KindValues } from '../message-settings';
import { preview, type SampleValues } from '../template-preview';

/**
 * A kind's words as a recipient would read them, rendered by the contract's own rule (`renderRecipientTemplate`, as
 * the server sends them) with sample values. It follows the typing; it is not a live region, so a screen reader is
 * not interrupted at every key.
 */
export function MessagePreview({ values, samples }: { values: KindValues; samples: SampleValues }) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="sm">
          Preview
        </Title>
        <Text size="xs" c="dimmed">
          For {samples.recipient_name}, with a sample window, ETA and link.
        </Text>
      </div>
      {sendsSms(values.channels) ? (
        <Paper radius="lg" p="sm" bg="var(--mantine-primary-color-light)" data-testid="sms-preview">
          <Text size="xs" c="dimmed" fw={600} mb={4} component="div">
            <IconMessage size={12} aria-hidden style={{ verticalAlign: -1 }} /> Text message
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {preview(values.smsBody, samples, 'sms') || '(empty)'}
          </Text>
        </Paper>
      ) : null}
      {sendsEmail(values.channels) ? (
        <Paper withBorder radius="md" p="sm" data-testid="email-preview">
          <Text size="xs" c="dimmed" fw={600} mb={4} component="div">
            <IconMail size={12} aria-hidden style={{ verticalAlign: -1 }} /> E-mail
          </Text>
          <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {preview(values.emailSubject, samples) || '(no subject)'}
          </Text>
          <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {preview(values.emailBody, samples) || '(empty)'}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}
