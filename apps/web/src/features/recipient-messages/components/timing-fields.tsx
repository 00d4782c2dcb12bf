import { RECIPIENT_MESSAGES } from '@courier/contract';
import { Card, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { tidyTimeOfDay, type SettingsValues } from '../message-settings';

/**
 * A time of day as text, 24-hour (the contract's "21:00"): one keyboard stop, read the same in every browser's
 * language, where a native time input shows "09:00 PM" to some and costs three stops (decision 063). Tidied when
 * left ("9:00" → "09:00").
 */
function TimeField({
  form,
  path,
  label,
  placeholder,
  disabled,
}: {
  form: UseFormReturnType<SettingsValues>;
  path: 'quietFrom' | 'quietUntil';
  label: string;
  placeholder: string;
  disabled: boolean;
}) {
  const props = form.getInputProps(path);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      w={120}
      disabled={disabled}
      {...props}
      onBlur={() => {
        const value = form.getValues()[path];
        const tidy = tidyTimeOfDay(value);
        if (tidy !== value) form.setFieldValue(path, tidy);
      }}
    />
  );
}

/** When messages go out: how early "Arriving soon" is sent, and the quiet hours nothing is sent in. */
export function TimingFields({ form }: { form: UseFormReturnType<SettingsValues> }) {
  const night = form.values.sendAtNight;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="recipient-messages-timing">
      <Stack gap="md">
        <Title order={2} fz="md" id="recipient-messages-timing">
          When they go out
        </Title>
        <NumberInput
          label="“Arriving soon” is sent"
          description={`Minutes before the estimated arrival, once (${RECIPIENT_MESSAGES.arrivingSoonMinutesMin} to ${RECIPIENT_MESSAGES.arrivingSoonMinutesMax}).`}
          min={RECIPIENT_MESSAGES.arrivingSoonMinutesMin}
          max={RECIPIENT_MESSAGES.arrivingSoonMinutesMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              min
            </Text>
          }
          rightSectionWidth={44}
          maw={260}
          {...form.getInputProps('arrivingSoonMinutes')}
        />
        <div>
          <Text size="sm" fw={500} id="quiet-hours-label">
            Quiet hours
          </Text>
          <Text size="xs" c="dimmed" id="quiet-hours-help">
            They apply in the recipient&apos;s local time (24-hour, HH:MM): a message due in them is held and
            sent when they end.
          </Text>
          <Group
            gap="sm"
            mt={6}
            align="flex-start"
            role="group"
            aria-labelledby="quiet-hours-label"
            aria-describedby="quiet-hours-help"
          >
            <TimeField form={form} path="quietFrom" label="From" placeholder="21:00" disabled={night} />
            <TimeField form={form} path="quietUntil" label="Until" placeholder="08:00" disabled={night} />
          </Group>
        </div>
        <Switch
          label="Send at night too"
          description="No quiet hours: every message goes out as soon as its moment comes, whatever the hour."
          {...form.getInputProps('sendAtNight', { type: 'checkbox' })}
        />
      </Stack>
    </Card>
  );
}
