import type { DriverDelivery, DriverStop } from '@courier/contract';
import {
  Button,
  Card,
  Image,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCamera, IconSend, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { SignaturePad } from '../../../components/signature-pad/signature-pad';
import { fieldErrorsOf, isApiError } from '../../../lib/errors';
import { fileUrl } from '../../../lib/file-url';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { notifyError } from '../../../lib/notifications';
import { proofFileProblem } from '../../../lib/proof-file';
import { useSentProofs, useUploadMyProof } from '../api/upload-my-proof';
import { defaultProofTask, orderedStops, type ProofKind } from '../stops';
import { CameraInput } from './camera-input';

function SentProofs({ deliveryUuid }: { deliveryUuid: string }) {
  const { data: sent = [] } = useSentProofs(deliveryUuid);
  if (sent.length === 0) return null;
  return (
    <Stack gap={6} data-testid="sent-proofs">
      <Text size="sm" fw={600}>
        Sent from this phone
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {sent.map((p) => (
          <Stack key={p.uuid} gap={2}>
            <Image
              src={fileUrl(p.url)}
              alt={p.proofName || p.document.originalName}
              h={72}
              fit="contain"
              bg="white"
              radius="sm"
            />
            <Text size="xs" truncate>
              {p.proofName || p.document.originalName}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Proof at a stop: a camera photo or a signature on the pad, on a task of the stop (another task can be chosen),
 * with an optional name, sent with progress. A refused file is said on the form.
 */
export function ProofCapture({ delivery, stop }: { delivery: DriverDelivery; stop: DriverStop | null }) {
  const taskTypes = useLookup('deliveryStepTaskTypes');
  const [kind, setKind] = useState<ProofKind>('signature');
  const [chosenTask, setChosenTask] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [padKey, setPadKey] = useState(0);
  const upload = useUploadMyProof(delivery.uuid, setProgress);
  const tasks = orderedStops(delivery).flatMap((s, index) =>
    [...s.tasks]
      .sort((a, b) => a.taskOrderNo - b.taskOrderNo)
      .map((t) => ({
        value: t.uuid,
        label: `Stop ${index + 1} · ${taskTypes.labelOf(t.deliveryStepTaskTypeSlug)}`,
      })),
  );
  const task = chosenTask ?? defaultProofTask(stop, kind) ?? tasks[0]?.value ?? null;

  if (tasks.length === 0) return null;

  const reset = () => {
    setFile(null);
    setName('');
    setError(null);
    setPadKey((k) => k + 1);
  };

  const send = () => {
    if (!task) return;
    if (!file) return setError(kind === 'signature' ? 'Sign in the box first' : 'Take a photo first');
    const problem = proofFileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    setProgress(0);
    upload.mutate(
      { deliveryStepTaskUuid: task, proofTypeSlug: kind, proofName: name, file },
      {
        onSuccess: reset,
        onError: (e) => {
          if (isApiError(e, 413) || isApiError(e, 422))
            return setError(Object.values(fieldErrorsOf(e))[0] ?? e.message);
          notifyError(e);
        },
      },
    );
  };

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
            reset();
          }}
          data={[
            {
              value: 'signature',
              label: (
                <Stack gap={0} align="center" py={4}>
                  <IconSignature size={20} aria-hidden />
                  <span>Signature</span>
                </Stack>
              ),
            },
            {
              value: 'photo',
              label: (
                <Stack gap={0} align="center" py={4}>
                  <IconCamera size={20} aria-hidden />
                  <span>Photo</span>
                </Stack>
              ),
            },
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
        {kind === 'signature' ? (
          <>
            <SignaturePad
              key={padKey}
              large
              onChange={(f) => {
                setFile(f);
                setError(null);
              }}
            />
            <TextInput
              label="Signed by"
              description="Optional: the name of the person who signed"
              size="md"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </>
        ) : (
          <>
            <CameraInput
              key={padKey}
              file={file}
              onChange={(f) => {
                setFile(f);
                setError(null);
              }}
            />
            <TextInput
              label="Caption"
              description="Optional: what the photo shows"
              size="md"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </>
        )}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {upload.isPending ? <Progress value={progress * 100} animated aria-label="Upload progress" /> : null}
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
        <SentProofs deliveryUuid={delivery.uuid} />
      </Stack>
    </Card>
  );
}
