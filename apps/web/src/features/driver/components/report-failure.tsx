import type { DriverDelivery, DriverStop } from '@courier/contract';
import { Button, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useState } from 'react';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { proofFileProblem } from '../../../lib/proof-file';
import { useChangeMyDeliveryStatus, useUploadMyProof } from '../offline/use-driver-writes';
import { DRIVER_FAIL_REASONS, failureMessage } from '../failure';
import { orderedStops } from '../stops';
import { CameraInput } from './camera-input';

/**
 * Report a failed attempt: a reason, optional words and an optional photo. Both go through the queue, the photo
 * first (a photo proof on the stop's first task), then the move to `failed` with the reason as its status message;
 * a refusal of either shows in the queue's panel with its reason.
 */
export function ReportFailure({
  delivery,
  stop,
  opened,
  onClose,
}: {
  delivery: DriverDelivery;
  stop: DriverStop | null;
  opened: boolean;
  onClose: () => void;
}) {
  const cancelTypes = useLookup('deliveryCancelTypes');
  const change = useChangeMyDeliveryStatus(delivery);
  const upload = useUploadMyProof(delivery);
  const [reason, setReason] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ reason?: string; photo?: string }>({});
  const options = cancelTypes.options.filter((o) =>
    (DRIVER_FAIL_REASONS as readonly string[]).includes(o.value),
  );
  const task =
    [...(stop?.tasks ?? [])].sort((a, b) => a.taskOrderNo - b.taskOrderNo)[0] ??
    orderedStops(delivery).flatMap((s) => s.tasks)[0];
  const pending = change.isPending || upload.isPending;

  const close = () => {
    setReason(null);
    setDetails('');
    setPhoto(null);
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const problems: typeof errors = {};
    if (!reason) problems.reason = 'Choose what went wrong';
    const photoProblem = photo ? proofFileProblem(photo) : null;
    if (photoProblem) problems.photo = photoProblem;
    setErrors(problems);
    if (!reason || Object.keys(problems).length > 0) return;
    const label = cancelTypes.labelOf(reason);
    try {
      if (photo && task) {
        await upload.mutateAsync({
          deliveryStepTaskUuid: task.uuid,
          proofTypeSlug: 'photo',
          proofName: `Failed attempt: ${label}`.slice(0, 100),
          file: photo,
        });
      }
      await change.mutateAsync({
        statusSlug: 'failed',
        cancelTypeSlug: reason,
        statusMessage: failureMessage(label, details),
      });
      close();
    } catch (error) {
      // Keeping the report on the phone failed (storage full, say): nothing was queued after it.
      setErrors({ photo: error instanceof Error ? error.message : 'The report could not be kept' });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Report a problem" centered size="md">
      <Stack gap="md">
        <Text size="sm">
          The delivery becomes “Failed” and your office is told why; the recipient sees your reason and
          details on their tracking page. You can then return the parcels to the sender.
        </Text>
        <Select
          label="What went wrong?"
          withAsterisk
          size="md"
          data={options}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          error={errors.reason}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Details (optional)"
          size="md"
          autosize
          minRows={2}
          maxLength={400}
          value={details}
          onChange={(e) => setDetails(e.currentTarget.value)}
        />
        <CameraInput
          file={photo}
          onChange={(f) => {
            setPhoto(f);
            setErrors((e) => ({ ...e, photo: undefined }));
          }}
          label="Add a photo (optional)"
          error={errors.photo}
        />
        <Button
          color="red"
          h={56}
          size="md"
          leftSection={<IconAlertOctagon size={20} />}
          loading={pending}
          onClick={() => void submit()}
        >
          Report failed attempt
        </Button>
        <Button variant="default" h={48} onClick={close} disabled={pending}>
          Back
        </Button>
      </Stack>
    </Modal>
  );
}
