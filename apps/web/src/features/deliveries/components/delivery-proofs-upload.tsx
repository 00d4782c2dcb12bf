import { LIMITS, PROOF_MIME_TYPES, PROOF_TYPE_SLUGS, type ProofTypeSlug } from '@courier/contract';
import {
  Button,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifications';
import { useUploadProof } from '../api/proofs';

const MAX_MB = LIMITS.proofBytesMax / (1024 * 1024);
export const PROOF_TYPE_NAMES: Record<ProofTypeSlug, string> = {
  signature: 'Signature',
  photo: 'Photo',
  document: 'Document',
};

/** A white canvas to sign with a finger or mouse; gives a PNG file. */
function SignaturePad({ onChange }: { onChange: (file: File | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - rect.left) * e.currentTarget.width) / rect.width,
      ((e.clientY - rect.top) * e.currentTarget.height) / rect.height,
    ] as const;
  };
  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    canvas.current?.toBlob(
      (blob) => onChange(blob ? new File([blob], 'signature.png', { type: 'image/png' }) : null),
      'image/png',
    );
  };
  const clear = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (c && ctx) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
    }
    onChange(null);
  };
  return (
    <Stack gap={4}>
      <canvas
        ref={(el) => {
          canvas.current = el;
          const ctx = el?.getContext('2d');
          if (el && ctx && !el.dataset.ready) {
            el.dataset.ready = '1';
            ctx.fillStyle = '#fff';
            ctx.fillRect(0, 0, el.width, el.height);
          }
        }}
        width={600}
        height={200}
        aria-label="Signature pad: sign with a finger or the mouse"
        data-testid="signature-pad"
        style={{
          width: '100%',
          maxWidth: 600,
          aspectRatio: '3 / 1',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
          touchAction: 'none',
          background: '#fff',
        }}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          ctx.strokeStyle = '#111';
          ctx.lineWidth = 3;
          ctx.lineCap = 'round';
          ctx.beginPath();
          ctx.moveTo(...point(e));
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          ctx?.lineTo(...point(e));
          ctx?.stroke();
        }}
        onPointerUp={finish}
        onPointerLeave={finish}
      />
      <Group justify="flex-end">
        <Button size="compact-xs" variant="subtle" onClick={clear}>
          Clear signature
        </Button>
      </Group>
    </Stack>
  );
}

/** Attach a proof to a task: its type, an optional name, and a file or a drawn signature, with upload progress. */
export function ProofUploadForm({
  slug,
  deliveryUuid,
  tasks,
}: {
  slug: string;
  deliveryUuid: string;
  tasks: { value: string; label: string }[];
}) {
  const [task, setTask] = useState<string | null>(tasks[0]?.value ?? null);
  const [type, setType] = useState<ProofTypeSlug>('photo');
  const [draw, setDraw] = useState(true);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState(0);
  const upload = useUploadProof(slug, deliveryUuid, setProgress);
  const [padKey, setPadKey] = useState(0);
  const signing = type === 'signature' && draw;

  const submit = () => {
    const problems: Record<string, string> = {};
    if (!task) problems.deliveryStepTaskUuid = 'Choose the task this proves';
    if (!file) problems.file = signing ? 'Sign in the box first' : 'Choose a file';
    else if (!(PROOF_MIME_TYPES as readonly string[]).includes(file.type))
      problems.file = 'Use a PNG, JPEG, WebP or PDF file';
    else if (file.size > LIMITS.proofBytesMax) problems.file = `The file is larger than ${MAX_MB} MB`;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !task || !file) return;
    setProgress(0);
    upload.mutate(
      { deliveryStepTaskUuid: task, proofTypeSlug: type, proofName: name, file },
      {
        onSuccess: () => {
          setFile(null);
          setName('');
          setPadKey((k) => k + 1);
        },
        onError: (error) => {
          if (isApiError(error, 413))
            return setErrors({ file: error.message || `The file is larger than ${MAX_MB} MB` });
          const fields = fieldErrorsOf(error);
          if (isApiError(error, 422))
            return setErrors(Object.keys(fields).length > 0 ? fields : { file: error.message });
          notifyError(error);
        },
      },
    );
  };

  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label="Upload a proof"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Task"
          data={tasks}
          value={task}
          onChange={setTask}
          allowDeselect={false}
          error={errors.deliveryStepTaskUuid}
        />
        <TextInput
          label="Name"
          description="Optional"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.proofName}
        />
      </SimpleGrid>
      <SegmentedControl
        aria-label="Proof type"
        data={PROOF_TYPE_SLUGS.map((value) => ({ value, label: PROOF_TYPE_NAMES[value] }))}
        value={type}
        onChange={(v) => {
          setType(v);
          setFile(null);
          setErrors({});
        }}
        fullWidth
      />
      {errors.proofTypeSlug ? (
        <Text size="xs" c="red">
          {errors.proofTypeSlug}
        </Text>
      ) : null}
      {type === 'signature' ? (
        <SegmentedControl
          size="xs"
          data={[
            { value: 'draw', label: 'Draw it' },
            { value: 'file', label: 'Choose an image' },
          ]}
          value={draw ? 'draw' : 'file'}
          onChange={(v) => {
            setDraw(v === 'draw');
            setFile(null);
          }}
        />
      ) : null}
      {signing ? (
        <Stack gap={4}>
          <SignaturePad
            key={padKey}
            onChange={(f) => {
              setFile(f);
              setErrors({});
            }}
          />
          {errors.file ? (
            <Text size="xs" c="red" role="alert">
              {errors.file}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <FileInput
          label="File"
          description={`PNG, JPEG, WebP or PDF, up to ${MAX_MB} MB`}
          placeholder="Choose a file"
          accept={PROOF_MIME_TYPES.join(',')}
          value={file}
          onChange={(value) => {
            setFile(value);
            setErrors({});
          }}
          error={errors.file}
          clearable
          leftSection={<IconFileUpload size={16} />}
        />
      )}
      {upload.isPending ? <Progress value={progress * 100} animated aria-label="Upload progress" /> : null}
      <Group justify="flex-end">
        <Button
          type="submit"
          variant="light"
          loading={upload.isPending}
          leftSection={<IconFileUpload size={16} />}
        >
          Upload proof
        </Button>
      </Group>
    </Stack>
  );
}
