import { OptimiseBodySchema, PLANNING, type DispatchBoard, type PlanDraft } from '@courier/contract';
import { Alert, Button, Checkbox, Group, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifications';
import { useApplyPlan } from '../api/apply-plan';
import { useDiscardPlan } from '../api/discard-plan';
import { usePlan } from '../api/get-plan';
import { useOptimise } from '../api/optimise';
import { count } from '../dispatch-format';
import { PlanReview } from './plan-review';

interface Choice {
  drivers: string[];
  deliveries: string[];
}

/** A list of checkboxes with "all" and "none", for the drivers or the deliveries of a plan. */
function ChoiceList({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: { value: string; label: string; note?: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <Checkbox.Group
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      description={`${value.length} of ${options.length} chosen`}
    >
      <Group gap="xs" mt={4}>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(options.map((o) => o.value))}>
          All
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange([])}>
          None
        </Button>
      </Group>
      <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
        <Stack gap={6} mt={6}>
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} description={o.note} />
          ))}
          {options.length === 0 ? (
            <Text size="sm" c="dimmed">
              None on this day.
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
}

/** About how far a solve has gone, from the time it takes at most: never full until it is. */
function useSolveProgress(plan: PlanDraft | undefined) {
  const [now, setNow] = useState(() => Date.now());
  const solving = plan?.status === 'solving';
  useEffect(() => {
    if (!solving) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [solving]);
  if (!plan || !solving) return 100;
  const elapsed = (now - Date.parse(plan.createdAt)) / 1000;
  return Math.max(5, Math.min(95, (elapsed / (PLANNING.solveSeconds + 2)) * 100));
}

/**
 * "Optimise": choose the drivers (all by default) and the deliveries (the ticked ones, else all unassigned), ask for a
 * plan, follow it while it is solved (read every second), then review it against the routes of now and apply it
 * (refused with a 409 when the board changed meanwhile: optimise again) or discard it. Closing the dialog discards a
 * plan not applied. Mount it to open it.
 */
export function OptimiseDialog({
  slug,
  day,
  board,
  checked,
  onClose,
  onApplied,
}: {
  slug: string;
  day: string | null;
  board: DispatchBoard;
  checked: ReadonlySet<string>;
  onClose: () => void;
  onApplied: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  // Mounted at each opening: it starts from the board as it is now.
  const [choice, setChoice] = useState<Choice>(() => ({
    drivers: board.routes.map((r) => r.driverUserUuid),
    deliveries: checked.size > 0 ? [...checked] : board.unassigned.map((d) => d.uuid),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [planUuid, setPlanUuid] = useState<string | null>(null);
  const optimise = useOptimise(slug);
  const plan = usePlan(slug, planUuid);
  const apply = useApplyPlan(slug, day);
  const discard = useDiscardPlan(slug);
  const progress = useSolveProgress(plan.data);

  const close = () => {
    const status = plan.data?.status;
    if (planUuid && (status === undefined || status === 'solving' || status === 'ready'))
      discard.mutate(planUuid);
    onClose();
  };
  const start = () => {
    const body = { day: board.day, driverUserUuids: choice.drivers, deliveryUuids: choice.deliveries };
    const checkedBody = OptimiseBodySchema.safeParse(body);
    if (!checkedBody.success) {
      const found: Record<string, string> = {};
      for (const issue of checkedBody.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    apply.reset();
    optimise.mutate(checkedBody.data, {
      onSuccess: (draft) => setPlanUuid(draft.uuid),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };
  const again = () => {
    if (planUuid && plan.data?.status === 'ready') discard.mutate(planUuid);
    setPlanUuid(null);
    apply.reset();
  };
  const discardPlan = () => {
    if (planUuid)
      discard.mutate(planUuid, { onSuccess: () => notifySuccess('Plan Discarded', 'Plan discarded.') });
    onClose();
  };

  const names = new Map(board.routes.map((r) => [r.driverUserUuid, `${r.firstName} ${r.lastName}`]));
  const driverOptions = board.routes.map((r) => ({
    value: r.driverUserUuid,
    label: names.get(r.driverUserUuid)!,
    note: `${count(r.stops.length, 'stop')} now`,
  }));
  const deliveryOptions = board.unassigned.map((d) => ({ value: d.uuid, label: d.name }));
  const refusal = optimise.error && Object.keys(errors).length === 0 ? optimise.error.message : null;

  let content;
  if (!planUuid) {
    content = (
      <Stack gap="md">
        <Text size="sm">
          The optimiser orders the chosen drivers&apos; routes again, with the chosen deliveries, to keep to
          the windows with the least driving. Stops already in those routes are planned again too; locked
          stops keep their place. Nothing changes until you apply the plan.
        </Text>
        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {refusal}
          </Alert>
        ) : null}
        <ChoiceList
          label="Drivers"
          options={driverOptions}
          value={choice.drivers}
          onChange={(drivers) => setChoice((c) => ({ ...c, drivers }))}
          error={errors.driverUserUuids}
        />
        <ChoiceList
          label="Unassigned deliveries to place"
          options={deliveryOptions}
          value={choice.deliveries}
          onChange={(deliveries) => setChoice((c) => ({ ...c, deliveries }))}
          error={errors.deliveryUuids}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button leftSection={<IconSparkles size={16} />} onClick={start} loading={optimise.isPending}>
            Optimise
          </Button>
        </Group>
      </Stack>
    );
  } else if (plan.error && !plan.data) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Could not read the plan">
        <Stack gap="xs">
          <Text size="sm">{plan.error.message}</Text>
          <Group gap="xs">
            <Button size="xs" variant="light" color="red" onClick={() => void plan.refetch()}>
              Try again
            </Button>
            <Button size="xs" variant="default" onClick={again}>
              Optimise again
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (!plan.data || plan.data.status === 'solving') {
    content = (
      <Stack gap="sm" aria-live="polite" py="md">
        <Text fw={600}>Optimising…</Text>
        <Progress value={progress} animated striped aria-label="Optimising" />
        <Text size="sm" c="dimmed">
          {count(choice.drivers.length, 'driver')} and their routes, with{' '}
          {count(choice.deliveries.length, 'delivery', 'deliveries')} to place. It takes up to about{' '}
          {PLANNING.solveSeconds} seconds.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={discardPlan}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  } else if (plan.data.status === 'failed' || !plan.data.result) {
    content = (
      <Stack gap="sm">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No plan" role="alert">
          {plan.data.error ?? 'The optimiser could not make a plan.'}
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button leftSection={<IconRefresh size={16} />} onClick={again}>
            Optimise again
          </Button>
        </Group>
      </Stack>
    );
  } else {
    const conflict = apply.error && isApiError(apply.error, 409) ? apply.error.message : null;
    content = (
      <Stack gap="md">
        <PlanReview
          plan={plan.data}
          result={plan.data.result}
          names={names}
          routedNow={
            new Set(
              board.routes
                .filter((r) => plan.data.driverUserUuids.includes(r.driverUserUuid))
                .flatMap((r) => r.stops.map((s) => s.deliveryUuid)),
            )
          }
        />
        {apply.error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={conflict ? 'The board changed' : 'Not applied'}
            role="alert"
          >
            {apply.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={discardPlan} disabled={apply.isPending}>
            Discard
          </Button>
          {conflict ? (
            <Button leftSection={<IconRefresh size={16} />} onClick={again}>
              Optimise again
            </Button>
          ) : (
            <Button
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(planUuid, {
                  onSuccess: () => {
                    onApplied();
                    onClose();
                  },
                })
              }
            >
              Apply plan
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={close}
      title={plan.data?.status === 'ready' ? 'Review the plan' : 'Optimise routes'}
      size="xl"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {content}
    </Modal>
  );
}
