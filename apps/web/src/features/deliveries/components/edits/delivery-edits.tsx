import type { DeliveryStep, DeliveryStepTask, Parcel } from '@courier/contract';
import { useState } from 'react';
import { useLookup } from '../../../../lib/lookups/get-lookup';
import { useAddTaskToStep, type AddedTaskKind } from '../../api/add-task-to-step';
import { AddParcelDialog } from './add-parcel-dialog';
import { AddStepDialog } from './add-step-dialog';
import { ParcelContactDialog, TaskContactDialog } from './contact-dialog';
import { taskOptions } from './edit-form-values';

type Dialog =
  | { type: 'step' }
  | { type: 'taskContact'; taskUuid?: string | undefined }
  | { type: 'parcel'; taskUuid?: string | undefined }
  | { type: 'parcelContact'; parcel: Parcel };

/**
 * The post-create edits of one delivery: which dialog is open, and the task adds that need no dialog. The page
 * places the triggers (`open…`, `addTask`) and renders `dialogs` once.
 */
export function useDeliveryEdits({
  slug,
  deliveryUuid,
  steps,
  tasks,
}: {
  slug: string;
  deliveryUuid: string;
  steps: DeliveryStep[] | undefined;
  tasks: DeliveryStepTask[] | undefined;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const taskTypes = useLookup('deliveryStepTaskTypes');
  const addTaskMutation = useAddTaskToStep(slug, deliveryUuid);
  const options = taskOptions(steps ?? [], tasks ?? [], taskTypes.labelOf);
  const close = () => setDialog(null);
  const firstTaskOf = (stepTasks: DeliveryStepTask[]) =>
    [...stepTasks].sort((a, b) => a.taskOrderNo - b.taskOrderNo)[0]?.uuid;

  const dialogs =
    dialog?.type === 'step' ? (
      <AddStepDialog slug={slug} deliveryUuid={deliveryUuid} onClose={close} />
    ) : dialog?.type === 'taskContact' ? (
      <TaskContactDialog
        slug={slug}
        deliveryUuid={deliveryUuid}
        tasks={options}
        taskUuid={dialog.taskUuid}
        onClose={close}
      />
    ) : dialog?.type === 'parcel' ? (
      <AddParcelDialog
        slug={slug}
        deliveryUuid={deliveryUuid}
        tasks={options}
        taskUuid={dialog.taskUuid}
        onClose={close}
      />
    ) : dialog?.type === 'parcelContact' ? (
      <ParcelContactDialog
        slug={slug}
        deliveryUuid={deliveryUuid}
        parcelUuid={dialog.parcel.uuid}
        parcelName={dialog.parcel.name}
        onClose={close}
      />
    ) : null;

  return {
    dialogs,
    hasTasks: options.length > 0,
    taskAddPending: addTaskMutation.isPending,
    openStep: () => setDialog({ type: 'step' }),
    openTaskContact: (stepTasks?: DeliveryStepTask[]) =>
      setDialog({ type: 'taskContact', taskUuid: stepTasks ? firstTaskOf(stepTasks) : undefined }),
    openParcel: (stepTasks?: DeliveryStepTask[]) =>
      setDialog({ type: 'parcel', taskUuid: stepTasks ? firstTaskOf(stepTasks) : undefined }),
    openParcelContact: (parcel: Parcel) => setDialog({ type: 'parcelContact', parcel }),
    addTask: (kind: AddedTaskKind, deliveryStepUuid: string) =>
      addTaskMutation.mutate({ kind, deliveryStepUuid }),
  };
}
