import { PROOF_MIME_TYPES, PROOF_TYPE_SLUGS, type ProofTypeSlug } from '@courier/contract';
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
import { useState } from 'react';
import { SignaturePad } from '../../../components/signature-pad/signature-pad';
import { fieldErrorsOf, isApiError } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifications';
import { PROOF_MAX_MB, proofFileProblem } from '../../../lib/proof-file';
import { useUploadProof } from '../api/proofs';

export const PROOF_TYPE_NAMES: Record<ProofTypeSlug, string> = {
  signature: 'Signature',
  photo: 'Photo',
  document: 'Document',
};

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
    else {
      const problem = proofFileProblem(file);
      if (problem) problems.file = problem;
    }
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
            return setErrors({ file: error.message || `The file is larger than ${PROOF_MAX_MB} MB` });
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
          description={`PNG, JPEG, WebP or PDF, up to ${PROOF_MAX_MB} MB`}
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
