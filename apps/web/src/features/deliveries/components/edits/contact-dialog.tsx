import { AddContactBodySchema, AddContactToTaskBodySchema } from '@courier/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../../lib/form-errors';
import { validateWith } from '../../../../lib/zod-form';
import { useAddContactToParcel } from '../../api/add-contact-to-parcel';
import { useAddContactToTask } from '../../api/add-contact-to-task';
import { EditDialog } from '../../../../components/dialogs/edit-dialog';
import { TaskSelect } from './task-select';
import { contactBody, emptyContact, type ContactValues, type TaskOption } from './edit-form-values';

interface ContactFormValues {
  deliveryStepTaskUuid: string | null;
  contact: ContactValues;
}

const toTaskBody = (v: ContactFormValues) => ({
  deliveryStepTaskUuid: v.deliveryStepTaskUuid ?? '',
  contact: contactBody(v.contact),
});
const toParcelBody = (v: ContactFormValues) => ({ contact: contactBody(v.contact) });

function ContactFields({ form }: { form: Pick<UseFormReturnType<ContactFormValues>, 'getInputProps'> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      <TextInput label="First name" withAsterisk {...form.getInputProps('contact.firstname')} />
      <TextInput label="Last name" withAsterisk {...form.getInputProps('contact.lastname')} />
      <TextInput label="Phone" type="tel" {...form.getInputProps('contact.phoneNumber')} />
      <TextInput label="E-mail" type="email" {...form.getInputProps('contact.email')} />
      <TextInput label="Company" {...form.getInputProps('contact.companyName')} />
    </SimpleGrid>
  );
}

/** A contact person for one task of the delivery (the task preselected when opened from a step). */
export function TaskContactDialog({
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
  const add = useAddContactToTask(slug, deliveryUuid);
  const form = useForm<ContactFormValues>({
    initialValues: { deliveryStepTaskUuid: taskUuid ?? tasks[0]?.value ?? null, contact: emptyContact() },
    validate: validateWith(AddContactToTaskBodySchema, toTaskBody),
  });
  const submit = form.onSubmit((v) =>
    add.mutate(toTaskBody(v), { onSuccess: onClose, onError: (e) => applyServerErrors(form, e) }), revealFormErrors,
  );
  return (
    <EditDialog
      opened
      title="Add a contact to a task"
      submitLabel="Add contact"
      pending={add.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TaskSelect tasks={tasks} {...form.getInputProps('deliveryStepTaskUuid')} />
      <ContactFields form={form} />
    </EditDialog>
  );
}

/** A contact person for one parcel (who sends or receives it). */
export function ParcelContactDialog({
  slug,
  deliveryUuid,
  parcelUuid,
  parcelName,
  onClose,
}: {
  slug: string;
  deliveryUuid: string;
  parcelUuid: string;
  parcelName: string;
  onClose: () => void;
}) {
  const add = useAddContactToParcel(slug, deliveryUuid);
  const form = useForm<ContactFormValues>({
    initialValues: { deliveryStepTaskUuid: null, contact: emptyContact() },
    validate: validateWith(AddContactBodySchema, toParcelBody),
  });
  const submit = form.onSubmit((v) =>
    add.mutate(
      { parcelUuid, contact: contactBody(v.contact) },
      { onSuccess: onClose, onError: (e) => applyServerErrors(form, e) },
    ), revealFormErrors,
  );
  return (
    <EditDialog
      opened
      title={`Add a contact to ${parcelName}`}
      submitLabel="Add contact"
      pending={add.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <ContactFields form={form} />
    </EditDialog>
  );
}
