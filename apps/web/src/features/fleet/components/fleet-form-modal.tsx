import { FleetInputSchema, LIMITS, type Fleet } from '@courier/contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useCreateFleet } from '../api/create-fleet';
import { useUpdateFleet } from '../api/update-fleet';

interface FleetFormValues {
  name: string;
  description: string;
}

function FleetForm({ slug, fleet, onDone }: { slug: string; fleet: Fleet | null; onDone: () => void }) {
  const create = useCreateFleet(slug);
  const update = useUpdateFleet(slug);
  const pending = create.isPending || update.isPending;
  const form = useForm<FleetFormValues>({
    initialValues: { name: fleet?.name ?? '', description: fleet?.description ?? '' },
    validate: validateWith(FleetInputSchema, (v: FleetFormValues) => v),
  });
  const submit = form.onSubmit((values) => {
    const body = FleetInputSchema.parse(values);
    const options = { onSuccess: onDone, onError: (error: Error) => applyServerErrors(form, error) };
    if (fleet) update.mutate({ fleetUuid: fleet.uuid, body }, options);
    else create.mutate(body, options);
  }, revealFormErrors);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={LIMITS.nameMax}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={LIMITS.descriptionMax}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {fleet ? 'Save' : 'Create fleet'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creates a fleet, or renames the one given. */
export function FleetFormModal({
  slug,
  opened,
  fleet,
  onClose,
}: {
  slug: string;
  opened: boolean;
  fleet: Fleet | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={fleet ? 'Rename fleet' : 'New fleet'} centered>
      {opened ? <FleetForm key={fleet?.uuid ?? 'new'} slug={slug} fleet={fleet} onDone={onClose} /> : null}
    </Modal>
  );
}
