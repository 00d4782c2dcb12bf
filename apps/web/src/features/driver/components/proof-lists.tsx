import { HANDOVER_PIN } from '@courier/contract';
import { Badge, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLockCheck } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { fileUrl } from '../../../lib/file-url';
import { useSentProofs } from '../api/upload-my-proof';
import { writesOf } from '../offline/overlay';
import type { QueuedWrite } from '../offline/queued-write';
import { useMyQueuedWrites } from '../offline/use-write-queue';

/** A queued proof's picture, from the bytes kept on the phone. */
function QueuedImage({ entry }: { entry: QueuedWrite }) {
  const url = useMemo(() => {
    const { write } = entry;
    return write.kind === 'proof'
      ? URL.createObjectURL(new Blob([write.file.bytes], { type: write.file.type }))
      : null;
  }, [entry]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return <IconLockCheck size={40} aria-hidden style={{ margin: '16px auto' }} />;
  return <Image src={url} alt={entry.label} h={72} fit="contain" bg="white" radius="sm" />;
}

/** Proofs and handover codes kept on the phone, waiting to be sent (a refused one shows in the queue's panel). */
export function QueuedProofs({ deliveryUuid }: { deliveryUuid: string }) {
  const { entries, sendingId } = useMyQueuedWrites();
  const waiting = [...writesOf(entries, deliveryUuid, 'proof'), ...writesOf(entries, deliveryUuid, 'pin')]
    .filter((e) => e.state === 'waiting')
    .sort((a, b) => a.id - b.id);
  if (waiting.length === 0) return null;
  return (
    <Stack gap={6} data-testid="queued-proofs">
      <Text size="sm" fw={600}>
        On this phone
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {waiting.map((entry) => (
          <Stack key={entry.id} gap={2} align="center">
            <QueuedImage entry={entry} />
            <Badge size="sm" variant="light" color="blue" tt="none">
              {entry.id === sendingId ? 'Sending…' : 'Waiting to send'}
            </Badge>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function SentProofs({ deliveryUuid }: { deliveryUuid: string }) {
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
            {p.deliveryStepTaskProofTypeSlug === HANDOVER_PIN.proofTypeSlug ? (
              <IconLockCheck size={40} aria-label="Handover code confirmed" style={{ margin: '16px auto' }} />
            ) : (
              <Image
                src={fileUrl(p.url)}
                alt={p.proofName || p.document.originalName}
                h={72}
                fit="contain"
                bg="white"
                radius="sm"
              />
            )}
            <Text size="xs" truncate>
              {p.proofName || p.document.originalName}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
