import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from '@courier/contract';
import { Checkbox, Input, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { EVENT_GROUPS } from './webhook-fields';
import classes from './webhook-events-field.module.css';

/**
 * The events an endpoint hears, in two groups (deliveries, marketplace), each with a box that ticks all of its
 * events. Drawn by hand rather than with Checkbox.Group: a box inside a group would be taken for one of its values.
 * `data-path` is the form's, so a failed submit scrolls here.
 */
export function WebhookEventsField({
  value,
  onChange,
  error,
  'data-path': dataPath,
}: {
  value: WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  error?: unknown;
  'data-path'?: string;
}) {
  const id = useId();
  const chosen = new Set(value);
  // The server's order, whatever order the boxes were ticked in.
  const set = (types: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const type of types)
      if (on) next.add(type);
      else next.delete(type);
    onChange(EVENT_GROUPS.flatMap((g) => g.types).filter((t) => next.has(t)));
  };
  const message = typeof error === 'string' ? error : undefined;
  return (
    <Input.Wrapper
      label="Events"
      description="What the endpoint is told about. Choose only what your system uses."
      required
      error={message}
      errorProps={{ id: `${id}-error` }}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      data-path={dataPath}
    >
      <Stack gap="sm" mt={6} role="group" aria-labelledby={`${id}-label`}>
        {EVENT_GROUPS.map((group) => {
          const count = group.types.filter((t) => chosen.has(t)).length;
          return (
            <fieldset
              key={group.prefix}
              className={classes.group}
              aria-describedby={message ? `${id}-error` : undefined}
            >
              <legend className={classes.legend}>
                <Text size="sm" fw={600} component="span">
                  {group.title}
                </Text>
              </legend>
              <Stack gap={6}>
                <Checkbox
                  label={group.all}
                  checked={count === group.types.length}
                  indeterminate={count > 0 && count < group.types.length}
                  onChange={(e) => set(group.types, e.currentTarget.checked)}
                  fw={500}
                />
                <Stack gap={6} pl="lg">
                  {group.types.map((type) => (
                    <Checkbox
                      key={type}
                      value={type}
                      label={WEBHOOK_EVENT_LABELS[type]}
                      description={type}
                      checked={chosen.has(type)}
                      onChange={(e) => set([type], e.currentTarget.checked)}
                      styles={{ description: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    />
                  ))}
                </Stack>
              </Stack>
            </fieldset>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
