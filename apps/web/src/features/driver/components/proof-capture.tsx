import type { DriverDelivery, DriverStop } from '@courier/contract';
import { Button, Card, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconLockSquareRounded, IconSend, IconSignature } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { SignaturePad } from '../../../components/signature-pad/signature-pad';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { notifyError } from '../../../lib/notifications';
import { proofFileProblem } from '../../../lib/proof-file';
import { useUploadMyProof } from '../offline/use-driver-writes';
import { defaultPinTask, defaultProofTask, orderedStops, type ProofKind } from '../stops';
import { CameraInput } from './camera-input';
import { PinHandover } from './pin-handover';
import { QueuedProofs, SentProofs } from './proof-lists';

const kindLabel = (icon: ReactNode, text: string) => (
  <Stack gap={0} align="center" py={4}>
    {icon}
    <span>{text}</span>
  </Stack>
);

/** A finished delivery's proofs: what was sent, and what still waits on the phone; nothing more to capture. */
function FinishedProofs({ deliveryUuid }: { deliveryUuid: string }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="proof-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="proof-title">
          Proof of delivery
        </Title>
        <Text size="sm" c="dimmed" data-testid="proofs-finished">
          This delivery is finished: it takes no more proof.
        </Text>
        <QueuedProofs deliveryUuid={deliveryUuid} />
        <SentProofs deliveryUuid={deliveryUuid} />
      </Stack>
    </Card>
  );
}

/**
 * Proof at a stop: a camera photo, a signature on the pad, or the recipient's handover code, on a task of the stop
 * (another task can be chosen). A photo or signature is kept on the phone and sent through the queue; it shows as
 * waiting until the server has it.
 */
export function ProofCapture({
  delivery,
  stop,
  finished = false,
}: {
  delivery: DriverDelivery;
  /** The stop the driver is at: its task is the proof's by default. */
  stop: DriverStop | null;
  /** A finished delivery takes no more proof: only those sent and waiting show. */
  finished?: boolean;
}) {
  const taskTypes = useLookup('deliveryStepTaskTypes');
  const [kind, setKind] = useState<ProofKind>('signature');
  const [chosenTask, setChosenTask] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [padKey, setPadKey] = useState(0);
  const upload = useUploadMyProof(delivery);
  const tasks = orderedStops(delivery).flatMap((s, index) =>
    [...s.tasks]
      .sort((a, b) => a.taskOrderNo - b.taskOrderNo)
      .map((t) => ({
        value: t.uuid,
        label: `Stop ${index + 1} · ${taskTypes.labelOf(t.deliveryStepTaskTypeSlug)}`,
      })),
  );
  const task =
    chosenTask ??
    (kind === 'pin' ? defaultPinTask(delivery, stop) : defaultProofTask(stop, kind)) ??
    tasks[0]?.value ??
    null;

  if (tasks.length === 0) return null;
  if (finished) return <FinishedProofs deliveryUuid={delivery.uuid} />;

  const reset = () => {
    setFile(null);
    setName('');
    setError(null);
    setPadKey((k) => k + 1);
  };

  const send = () => {
    if (!task || kind === 'pin') return;
    if (!file) return setError(kind === 'signature' ? 'Sign in the box first' : 'Take a photo first');
    const problem = proofFileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    upload.mutate(
      { deliveryStepTaskUuid: task, proofTypeSlug: kind, proofName: name, file },
      { onSuccess: reset, onError: notifyError },
    );
  };

  const chooseFile = (f: File | null) => {
    setFile(f);
    setError(null);
  };
  const nameInput = (label: string, description: string) => (
    <TextInput
      label={label}
      description={description}
      size="md"
      value={name}
      maxLength={100}
      onChange={(e) => setName(e.currentTarget.value)}
    />
  );

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="proof-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="proof-title">
          Proof of delivery
        </Title>
        <SegmentedControl
          aria-label="Proof type"
          size="md"
          fullWidth
          value={kind}
          onChange={(v) => {
            setKind(v);
            setChosenTask(null);
            reset();
          }}
          data={[
            { value: 'signature', label: kindLabel(<IconSignature size={20} aria-hidden />, 'Signature') },
            { value: 'photo', label: kindLabel(<IconCamera size={20} aria-hidden />, 'Photo') },
            { value: 'pin', label: kindLabel(<IconLockSquareRounded size={20} aria-hidden />, 'Code') },
          ]}
        />
        <Select
          label="For"
          size="md"
          data={tasks}
          value={task}
          onChange={setChosenTask}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {kind === 'pin' ? (
          <PinHandover delivery={delivery} taskUuid={task} />
        ) : (
          <>
            {kind === 'signature' ? (
              <>
                <SignaturePad key={padKey} large onChange={chooseFile} />
                {nameInput('Signed by', 'Optional: the name of the person who signed')}
              </>
            ) : (
              <>
                <CameraInput key={padKey} file={file} onChange={chooseFile} />
                {nameInput('Caption', 'Optional: what the photo shows')}
              </>
            )}
            {error ? (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            ) : null}
            <Button
              h={56}
              size="lg"
              fullWidth
              leftSection={<IconSend size={20} />}
              loading={upload.isPending}
              onClick={send}
            >
              Send proof
            </Button>
          </>
        )}
        <QueuedProofs deliveryUuid={delivery.uuid} />
        <SentProofs deliveryUuid={delivery.uuid} />
      </Stack>
    </Card>
  );
}
