import { AddParcelToTaskBodySchema } from '@courier/contract';
import { Checkbox, NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../../lib/form-errors';
import { validateWith } from '../../../../lib/zod-form';
import { useAddParcelToTask } from '../../api/add-parcel-to-task';
import { EditDialog } from '../../../../components/dialogs/edit-dialog';
import { TaskSelect } from './task-select';
import { emptyParcel, parcelBody, type ParcelValues, type TaskOption } from './edit-form-values';

interface ParcelFormValues {
  deliveryStepTaskUuid: string | null;
  parcel: ParcelValues;
}

const toBody = (v: ParcelFormValues) => ({
  deliveryStepTaskUuid: v.deliveryStepTaskUuid ?? '',
  parcel: parcelBody(v.parcel),
});

/** A new parcel on one task (usually the pickup where it is collected). */
export function AddParcelDialog({
  slug,
  deliveryUuid,
  tasks,
  taskUuid,
  onClose,
}: {
  slug: string;
  deliveryUuid: string;
  tasks: TaskOption[];
  taskUuid?: string | undefined;
  onClose: () => void;
}) {
  const add = useAddParcelToTask(slug, deliveryUuid);
  const form = useForm<ParcelFormValues>({
    initialValues: { deliveryStepTaskUuid: taskUuid ?? tasks[0]?.value ?? null, parcel: emptyParcel() },
    validate: validateWith(AddParcelToTaskBodySchema, toBody),
  });
  const submit = form.onSubmit((v) =>
    add.mutate(toBody(v), { onSuccess: onClose, onError: (e) => applyServerErrors(form, e) }), revealFormErrors,
  );
  return (
    <EditDialog
      opened
      title="Add a parcel to a task"
      submitLabel="Add parcel"
      pending={add.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TaskSelect tasks={tasks} {...form.getInputProps('deliveryStepTaskUuid')} />
      <TextInput label="Parcel" withAsterisk {...form.getInputProps('parcel.name')} />
      <Textarea label="Description" autosize minRows={1} {...form.getInputProps('parcel.description')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <NumberInput
          label="Quantity"
          min={1}
          allowDecimal={false}
          {...form.getInputProps('parcel.quantity')}
        />
        <NumberInput
          label="Weight (kg)"
          min={0}
          decimalScale={2}
          {...form.getInputProps('parcel.weightKg')}
        />
        <NumberInput
          label="Volume (cm³)"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('parcel.volumeCm3')}
        />
      </SimpleGrid>
      <Checkbox label="Fragile" {...form.getInputProps('parcel.isFragile', { type: 'checkbox' })} />
    </EditDialog>
  );
}
