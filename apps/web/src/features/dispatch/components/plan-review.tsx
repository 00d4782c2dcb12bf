import type { PlanDraft, PlanResult } from '@courier/contract';
import { Accordion, Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { formatTime } from '../../../lib/date-format';
import { count, figureChanges, lateText, type FigureChange } from '../dispatch-format';
import classes from './dispatch.module.css';
import { KindIcon } from './stop-bits';
import { RED_TEXT } from './tones';

function After({ change }: { change: FigureChange }) {
  return (
    <span
      className={
        change.trend === 'better'
          ? classes.trendBetter
          : change.trend === 'worse'
            ? classes.trendWorse
            : undefined
      }
      style={{ fontWeight: 700 }}
    >
      {change.after}
    </span>
  );
}

/** The plan's totals against the routes of now: distance, duration, late stops, deliveries in a route. */
function Totals({ result }: { result: PlanResult }) {
  const changes = figureChanges(result.before, result.after);
  const routed: FigureChange = {
    label: 'Deliveries routed',
    before: String(result.before.routed),
    after: String(result.after.routed),
    // More routed is better.
    trend:
      result.after.routed > result.before.routed
        ? 'better'
        : result.after.routed < result.before.routed
          ? 'worse'
          : 'same',
  };
  return (
    <Table withTableBorder withColumnBorders={false} verticalSpacing={6} aria-label="Totals before and after">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Totals</Table.Th>
          <Table.Th scope="col">Now</Table.Th>
          <Table.Th scope="col">With the plan</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...changes, routed].map((c) => (
          <Table.Tr key={c.label}>
            <Table.Th scope="row" fw={500}>
              {c.label}
            </Table.Th>
            <Table.Td>{c.before}</Table.Td>
            <Table.Td>
              <After change={c} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A plan to review before it is applied: the totals before → after, each driver's figures and proposed stop order
 * (late stops in red), what it could not place and why, and the warning when distances are estimates.
 */
export function PlanReview({
  plan,
  result,
  names,
  routedNow,
}: {
  plan: PlanDraft;
  result: PlanResult;
  names: ReadonlyMap<string, string>;
  /** The deliveries in the chosen drivers' routes now: those the plan leaves out would be unassigned. */
  routedNow: ReadonlySet<string>;
}) {
  const leftOut = result.unassigned.filter((u) => routedNow.has(u.deliveryUuid));
  return (
    <Stack gap="md" data-testid="plan-review">
      <Text size="sm" c="dimmed">
        Found in {(result.computingMs / 1000).toFixed(1)} s. Nothing changes for the drivers until you apply
        it.
      </Text>
      {result.travelWarning ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Distances are estimates"
        >
          {result.travelWarning}
        </Alert>
      ) : null}
      {result.driversLeftOut.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Drivers given nothing"
          data-testid="drivers-left-out"
        >
          {result.driversLeftOut.map((d) => d.reason).join(' ')}
        </Alert>
      ) : null}
      {leftOut.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Taken off the routes"
        >
          {leftOut.map((u) => u.name).join(', ')} {leftOut.length === 1 ? 'is' : 'are'} in a chosen
          driver&apos;s route now, but not in the plan: applying it unassigns{' '}
          {leftOut.length === 1 ? 'it' : 'them'} (see “Not placed”).
        </Alert>
      ) : null}
      <Totals result={result} />
      <Title order={3} fz="md">
        Per driver
      </Title>
      <Accordion
        variant="separated"
        multiple
        defaultValue={result.routes.slice(0, 1).map((r) => r.driverUserUuid)}
      >
        {result.routes.map((r) => {
          const changes = figureChanges(r.before, r.after);
          return (
            <Accordion.Item key={r.driverUserUuid} value={r.driverUserUuid}>
              <Accordion.Control>
                <Stack gap={2}>
                  <Text fw={600}>{names.get(r.driverUserUuid) ?? 'Driver'}</Text>
                  <Text size="xs" c="dimmed">
                    {count(r.stops.length, 'stop')} ·{' '}
                    {changes.map((c, i) => (
                      <span key={c.label}>
                        {i > 0 ? ' · ' : ''}
                        {c.label.toLowerCase()} {c.before} → <After change={c} />
                      </span>
                    ))}
                  </Text>
                </Stack>
              </Accordion.Control>
              <Accordion.Panel>
                {r.stops.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No stops in this plan.
                  </Text>
                ) : (
                  <List
                    type="ordered"
                    spacing={6}
                    size="sm"
                    aria-label={`Proposed order for ${names.get(r.driverUserUuid) ?? 'the driver'}`}
                  >
                    {r.stops.map((s) => (
                      <List.Item key={s.stepUuid}>
                        <Group gap={6} wrap="wrap">
                          <KindIcon kind={s.kind} />
                          <Text size="sm" fw={600}>
                            {s.deliveryName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {s.label}
                          </Text>
                          <Text size="xs" fw={700} c={s.lateMinutes > 0 ? RED_TEXT : undefined}>
                            {s.plannedArrivalAt ? formatTime(s.plannedArrivalAt) : 'No time'}
                          </Text>
                          {s.lateMinutes > 0 ? (
                            <Badge color="red" variant="light" size="xs" radius="sm" tt="none">
                              {lateText(s.lateMinutes)}
                            </Badge>
                          ) : null}
                          {s.locked ? (
                            <Badge color="orange" variant="light" size="xs" radius="sm" tt="none">
                              Locked
                            </Badge>
                          ) : null}
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                )}
                {r.after.overCapacity ? (
                  <Text size="xs" c={RED_TEXT} fw={700} mt="xs">
                    Over the vehicle&apos;s capacity
                  </Text>
                ) : null}
                {r.after.overShift ? (
                  <Text size="xs" c={RED_TEXT} fw={700} mt="xs">
                    Ends after the shift
                  </Text>
                ) : null}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {result.unassigned.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Not placed ({result.unassigned.length})
          </Title>
          <List spacing={4} size="sm" icon={<IconInfoCircle size={16} />}>
            {result.unassigned.map((u) => (
              <List.Item key={u.deliveryUuid}>
                <Text span fw={600} size="sm">
                  {u.name}
                </Text>
                <Text span size="sm" c="dimmed">
                  : {u.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <Text size="xs" c="dimmed">
        Engine: {plan.engine}.
      </Text>
    </Stack>
  );
}
