import type {
  DeliveryStep,
  DeliveryStepTask,
  GroupedProofs,
  ProofTypeSlug,
  TaskProof,
} from '@courier/contract';
import {
  Anchor,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/list/query-error';
import { fileUrl } from '../../../lib/file-url';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useDeliveryPart } from '../api/list-delivery-parts';
import { useProofs } from '../api/proofs';
import { PROOF_TYPE_NAMES, ProofUploadForm } from './delivery-proofs-upload';
import { formatDateTime } from '../../../lib/delivery-format';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Step number and task type of each task, in route order: "Step 1 · Pickup". */
function taskLabels(steps: DeliveryStep[], tasks: DeliveryStepTask[], typeLabel: (s: string) => string) {
  const ordered = [...steps].sort((a, b) => a.stepOrderNo - b.stepOrderNo);
  return ordered.flatMap((step, index) =>
    tasks
      .filter((t) => t.deliveryStepUuid === step.uuid)
      .sort((a, b) => a.taskOrderNo - b.taskOrderNo)
      .map((t) => ({
        value: t.uuid,
        label: `Step ${index + 1} · ${typeLabel(t.deliveryStepTaskTypeSlug)}`,
        step,
      })),
  );
}

/** A task's proofs, in route order, from the answer grouped by delivery, step and task. */
export function proofGroups(
  grouped: GroupedProofs,
  deliveryUuid: string,
  labels: { value: string; label: string }[],
): { taskUuid: string; label: string; proofs: TaskProof[] }[] {
  const byTask = new Map<string, TaskProof[]>();
  for (const steps of Object.values(grouped[deliveryUuid] ?? {}))
    for (const [taskUuid, proofs] of Object.entries(steps)) byTask.set(taskUuid, proofs);
  const known = labels.filter((l) => byTask.has(l.value));
  const unknown = [...byTask.keys()].filter((uuid) => !labels.some((l) => l.value === uuid));
  return [
    ...known.map((l) => ({ taskUuid: l.value, label: l.label })),
    ...unknown.map((u) => ({ taskUuid: u, label: 'Task' })),
  ]
    .map((g) => ({ ...g, proofs: byTask.get(g.taskUuid) ?? [] }))
    .filter((g) => g.proofs.length > 0);
}

function ProofTile({ proof, onOpen }: { proof: TaskProof; onOpen: () => void }) {
  const isImage = proof.document.mimeType.startsWith('image/');
  const title = proof.proofName || proof.document.originalName;
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={`Open ${title}`}
      data-testid="proof-tile"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden' }}
    >
      {isImage ? (
        <Image src={fileUrl(proof.url)} alt={title} h={96} fit="contain" bg="white" />
      ) : (
        <Stack h={96} align="center" justify="center" gap={2}>
          <IconFileTypePdf size={36} stroke={1.5} />
          <Text size="xs" c="dimmed">
            PDF
          </Text>
        </Stack>
      )}
      <Text size="xs" px={6} py={4} truncate>
        {title}
      </Text>
    </UnstyledButton>
  );
}

function ProofViewer({ proof, onClose }: { proof: TaskProof | null; onClose: () => void }) {
  const doc = proof?.document;
  const isImage = doc?.mimeType.startsWith('image/') ?? false;
  return (
    <Modal
      opened={proof !== null}
      onClose={onClose}
      title={proof ? proof.proofName || doc?.originalName : ''}
      size="xl"
      centered
    >
      {proof && doc ? (
        <Stack gap="sm">
          {isImage ? (
            <Image
              src={fileUrl(proof.url)}
              alt={proof.proofName || doc.originalName}
              fit="contain"
              mah="70vh"
              bg="white"
              radius="sm"
            />
          ) : null}
          {isImage ? (
            <Anchor href={fileUrl(proof.url)} target="_blank" rel="noopener" size="sm">
              Open the original in a new tab
            </Anchor>
          ) : (
            // The server sends a PDF as a download (decision 014's addendum): a viewer would run in our origin.
            <Anchor href={fileUrl(proof.url)} download={doc.originalName} size="sm">
              Download the PDF
            </Anchor>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4}>
            <Text size="sm">
              <b>File:</b> {doc.originalName}
            </Text>
            <Text size="sm">
              <b>Size:</b> {sizeText(doc.sizeBytes)}
            </Text>
            <Text size="sm">
              <b>Type:</b>{' '}
              {PROOF_TYPE_NAMES[proof.deliveryStepTaskProofTypeSlug as ProofTypeSlug] ??
                proof.deliveryStepTaskProofTypeSlug}{' '}
              · {doc.mimeType}
            </Text>
            <Text size="sm">
              <b>Added:</b> {formatDateTime(doc.createdAt)}
            </Text>
          </SimpleGrid>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Proofs of delivery: upload to a step's task (signature, photo or PDF) and a gallery grouped by step and task. */
export function DeliveryProofsPanel({ slug, deliveryUuid }: { slug: string; deliveryUuid: string }) {
  const steps = useDeliveryPart(slug, deliveryUuid, 'steps');
  const tasks = useDeliveryPart(slug, deliveryUuid, 'tasks');
  const proofs = useProofs(slug, deliveryUuid);
  const taskTypes = useLookup('deliveryStepTaskTypes');
  const [open, setOpen] = useState<TaskProof | null>(null);
  const failed = [steps, tasks, proofs].find((q) => q.error);
  if (failed)
    return <QueryError error={failed.error} onRetry={failed.refetch} title="Could not load the proofs" />;
  if (!steps.data || !tasks.data || !proofs.data)
    return <Skeleton height={120} radius="md" aria-label="Loading proofs" />;
  const labels = taskLabels(steps.data, tasks.data, taskTypes.labelOf);
  const groups = proofGroups(proofs.data, deliveryUuid, labels);
  return (
    <Stack gap="md">
      {labels.length > 0 ? (
        <ProofUploadForm slug={slug} deliveryUuid={deliveryUuid} tasks={labels} />
      ) : (
        <Text size="sm" c="dimmed">
          Add a step with a task to attach proofs to it.
        </Text>
      )}
      {groups.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconPhoto size={18} aria-hidden />
          <Text size="sm">No proofs yet.</Text>
        </Group>
      ) : (
        <Stack gap="sm" data-testid="proof-gallery">
          {groups.map((g) => (
            <Stack key={g.taskUuid} gap={6} component="section" aria-label={g.label}>
              <Title order={3} fz="sm">
                {g.label} · {g.proofs.length} {g.proofs.length === 1 ? 'proof' : 'proofs'}
              </Title>
              <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
                {g.proofs.map((p) => (
                  <ProofTile key={p.uuid} proof={p} onOpen={() => setOpen(p)} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
      <ProofViewer proof={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
