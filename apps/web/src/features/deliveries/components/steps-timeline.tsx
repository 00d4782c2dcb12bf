import {
  PLACE_STATUS_LABELS,
  type Address,
  type Contact,
  type DeliveryStep,
  type DeliveryStepTask,
  type PlaceStatus,
} from '@courier/contract';
import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconCheck, IconMapPin, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { formatAddress, formatDateTime } from '../../../lib/delivery-format';

const contactLine = (c: Contact) =>
  [`${c.firstname} ${c.lastname}`, c.companyName, c.phoneNumber, c.email].filter(Boolean).join(' · ');

/**
 * Steps in order, each with its address, coordinates, tasks and the contacts on those tasks; contacts whose tasks
 * are not known are listed under the steps.
 */
/** Where a stop's point comes from, in words (issue 32): the coordinates themselves are only a tooltip. */
function placeStatusText(placed: boolean, status: PlaceStatus | undefined): string {
  if (placed) return status === 'manual' ? PLACE_STATUS_LABELS.manual : PLACE_STATUS_LABELS.placed;
  if (status === 'not_found') return 'Not found on the map: place it by hand on the map above';
  return PLACE_STATUS_LABELS.pending;
}

export function StepsTimeline({
  steps,
  tasks,
  addresses,
  contacts,
  activeStepUuid,
  stepActions,
}: {
  steps: DeliveryStep[];
  tasks: DeliveryStepTask[];
  addresses: Address[];
  contacts: Contact[];
  activeStepUuid: string | null;
  /** Controls shown beside each step's title (the edit menu). */
  stepActions?: (step: DeliveryStep, number: number, stepTasks: DeliveryStepTask[]) => ReactNode;
}) {
  const taskTypes = useLookup('deliveryStepTaskTypes');
  const ordered = [...steps].sort((a, b) => a.stepOrderNo - b.stepOrderNo);
  const activeIndex = ordered.findIndex((s) => s.uuid === activeStepUuid);
  const addressOf = (uuid: string | undefined) => addresses.find((a) => a.uuid === uuid);
  const unplaced = contacts.filter((c) => !c.deliveryStepTaskUuids?.length);
  if (ordered.length === 0) return <Text c="dimmed">This delivery has no steps.</Text>;
  return (
    <Stack gap="md">
      <Timeline active={activeIndex === -1 ? -1 : activeIndex} bulletSize={26} lineWidth={2}>
        {ordered.map((step, index) => {
          const address = addressOf(step.addressUuid);
          const stepTasks = tasks
            .filter((t) => t.deliveryStepUuid === step.uuid)
            .sort((a, b) => a.taskOrderNo - b.taskOrderNo);
          const location = step.location ?? address?.location ?? null;
          const stepContacts = contacts.filter((c) =>
            c.deliveryStepTaskUuids?.some((id) => stepTasks.some((t) => t.uuid === id)),
          );
          return (
            <Timeline.Item
              key={step.uuid}
              bullet={<IconMapPin size={14} />}
              title={
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm">
                    {`Step ${index + 1}${step.uuid === activeStepUuid ? ' (current)' : ''}`}
                  </Text>
                  {stepActions?.(step, index + 1, stepTasks)}
                </Group>
              }
              data-testid="timeline-step"
            >
              <Text size="sm">{address ? formatAddress(address) : 'Address not known'}</Text>
              <Text
                size="xs"
                c={location ? 'dimmed' : 'orange'}
                title={location ? `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}` : undefined}
                data-testid="step-place-status"
              >
                {placeStatusText(location !== null, address?.placeStatus)}
              </Text>
              <Group gap={6} mt={6} wrap="wrap">
                {stepTasks.map((task) => (
                  <Badge
                    key={task.uuid}
                    variant={task.completedAt ? 'filled' : 'light'}
                    color={task.completedAt ? 'teal' : 'gray'}
                    leftSection={task.completedAt ? <IconCheck size={12} /> : null}
                    tt="none"
                    title={task.completedAt ? `Done ${formatDateTime(task.completedAt)}` : 'To do'}
                  >
                    {taskTypes.labelOf(task.deliveryStepTaskTypeSlug)}
                  </Badge>
                ))}
              </Group>
              {stepContacts.map((c) => (
                <Group
                  key={c.uuid}
                  gap={6}
                  mt={6}
                  wrap="nowrap"
                  align="flex-start"
                  data-testid="step-contact"
                >
                  <IconUser size={14} aria-label="Contact" style={{ flex: 'none', marginTop: 2 }} />
                  <Text size="xs">{contactLine(c)}</Text>
                </Group>
              ))}
            </Timeline.Item>
          );
        })}
      </Timeline>
      {contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contacts on this delivery.
        </Text>
      ) : unplaced.length > 0 ? (
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={800} c="dimmed">
            Contacts
          </Text>
          {unplaced.map((c) => (
            <Text key={c.uuid} size="sm">
              {contactLine(c)}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
