import {
  RECIPIENT_CHANNEL_CHOICES,
  RECIPIENT_MESSAGE_KIND_HINTS,
  RECIPIENT_MESSAGE_KIND_LABELS,
  RECIPIENT_MESSAGES,
  type RecipientChannelChoice,
  type RecipientMessageKind,
  type RecipientPlaceholder,
} from '@courier/contract';
import { Badge, Button, Card, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { IconRestore } from '@tabler/icons-react';
import {
  hasDefaultWords,
  sendsEmail,
  sendsSms,
  withDefaultWords,
  type KindValues,
  type TemplateField as Field,
} from '../message-settings';
import { preview, smsCounter, type SampleValues } from '../template-preview';
import { MessagePreview } from './message-preview';
import { TemplateField } from './template-field';

export const CHANNEL_LABELS: Record<RecipientChannelChoice, string> = {
  none: 'None',
  sms: 'Text message',
  email: 'E-mail',
  both: 'Both',
};

/** Every kind may name these; a delivered message its proof, a failed one its reason (empty elsewhere). */
const COMMON: RecipientPlaceholder[] = ['recipient_name', 'company', 'window', 'eta', 'tracking_link'];
const PLACEHOLDERS_OF: Record<RecipientMessageKind, RecipientPlaceholder[]> = {
  'on-the-way': COMMON,
  'arriving-soon': COMMON,
  delivered: [...COMMON, 'proof'],
  failed: [...COMMON, 'reason'],
  rescheduled: COMMON,
};

function SmsCount({ text }: { text: string }) {
  const count = smsCounter(text);
  return (
    <span data-testid="sms-counter">
      {count.summary}
      {count.unicode ? (
        <>
          {' · '}
          <Text span inherit c="var(--mantine-color-orange-light-color)" fw={600}>
            {count.unicode}
          </Text>
        </>
      ) : null}
    </span>
  );
}

export interface KindErrors {
  channels?: string | undefined;
  smsBody?: string | undefined;
  emailSubject?: string | undefined;
  emailBody?: string | undefined;
}

interface KindCardProps {
  index: number;
  values: KindValues;
  errors: KindErrors;
  samples: SampleValues;
  /** The form's `setFieldValue` (stable): each field writes its own path. */
  setField: (path: string, value: unknown) => void;
}

const FIELDS = ['kind', 'channels', 'smsBody', 'emailSubject', 'emailBody'] as const;
const ERRORS = ['channels', 'smsBody', 'emailSubject', 'emailBody'] as const;

/**
 * The form clones all its values at every change: a card is drawn again only when its own words, channel or errors
 * change, not at every key typed in another card.
 */
const sameCard = (a: KindCardProps, b: KindCardProps) =>
  a.index === b.index &&
  a.samples === b.samples &&
  a.setField === b.setField &&
  FIELDS.every((f) => a.values[f] === b.values[f]) &&
  ERRORS.every((f) => a.errors[f] === b.errors[f]);

/**
 * One moment a recipient is told of: how it goes out, and its words with their preview. Only the fields its channel
 * uses are shown; the others keep their words for when it is chosen again.
 */
export const MessageKindCard = memo(function MessageKindCard({
  index,
  values,
  errors,
  samples,
  setField,
}: KindCardProps) {
  const { kind, channels } = values;
  const label = RECIPIENT_MESSAGE_KIND_LABELS[kind];
  const path = (field: Field | 'channels') => `templates.${index}.${field}`;
  const field = (name: Field) => ({
    path: path(name),
    value: values[name],
    error: errors[name],
    onValue: (value: string) => setField(path(name), value),
    placeholders: PLACEHOLDERS_OF[kind],
  });
  const isDefault = hasDefaultWords(values);
  const headingId = `recipient-message-${kind}`;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div>
            <Group gap="xs">
              <Title order={2} fz="md" id={headingId}>
                {label}
              </Title>
              {isDefault ? (
                <Badge variant="light" color="gray" tt="none" size="sm">
                  Default words
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {RECIPIENT_MESSAGE_KIND_HINTS[kind]}
            </Text>
          </div>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconRestore size={14} />}
            disabled={isDefault}
            aria-label={`Reset to default: ${label}`}
            onClick={() => setField(`templates.${index}`, withDefaultWords(values))}
          >
            Reset to default
          </Button>
        </Group>
        <Radio.Group
          label="How it goes out"
          value={channels}
          onChange={(value) => setField(path('channels'), value)}
          error={errors.channels}
          data-path={path('channels')}
        >
          <Group gap="md" mt={6} wrap="wrap">
            {RECIPIENT_CHANNEL_CHOICES.map((choice) => (
              <Radio key={choice} value={choice} label={CHANNEL_LABELS[choice]} />
            ))}
          </Group>
        </Radio.Group>
        {channels === 'none' ? (
          <Text size="sm" c="dimmed">
            Not sent. Its words are kept for when you choose a channel again.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="md">
              {sendsSms(channels) ? (
                <TemplateField
                  label="Text message"
                  multiline
                  maxLength={RECIPIENT_MESSAGES.smsMaxChars}
                  description={<SmsCount text={preview(values.smsBody, samples, 'sms')} />}
                  {...field('smsBody')}
                />
              ) : null}
              {sendsEmail(channels) ? (
                <>
                  <TemplateField
                    label="E-mail subject"
                    multiline={false}
                    maxLength={RECIPIENT_MESSAGES.emailSubjectMaxChars}
                    {...field('emailSubject')}
                  />
                  <TemplateField
                    label="E-mail"
                    multiline
                    maxLength={RECIPIENT_MESSAGES.emailBodyMaxChars}
                    {...field('emailBody')}
                  />
                </>
              ) : null}
            </Stack>
            <MessagePreview values={values} samples={samples} />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}, sameCard);
