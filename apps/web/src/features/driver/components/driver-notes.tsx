import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { NoteComposer } from '../../../components/notes/note-composer';
import { NoteItem, type NoteActions } from '../../../components/notes/note-item';
import { listOf } from '../../../components/notes/note-pages';
import { QueryError } from '../../../components/list/query-error';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useMe } from '../../../lib/session/get-me';
import { useMyDeliveryNotes } from '../api/list-my-delivery-notes';
import { writesOf } from '../offline/overlay';
import { useCreateMyDeliveryNote } from '../offline/use-driver-writes';
import type { DriverWrite, QueuedWrite } from '../offline/queued-write';
import { useMyQueuedWrites } from '../offline/use-write-queue';

const noop = () => Promise.resolve();

/** Notes written on this phone that the server does not have yet, newest first, above the delivery's notes. */
type QueuedNote = QueuedWrite & { write: Extract<DriverWrite, { kind: 'note' }> };

function QueuedNotes({ waiting }: { waiting: QueuedNote[] }) {
  if (waiting.length === 0) return null;
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Notes waiting to send"
    >
      {waiting.map((entry) => (
        <Stack
          key={entry.id}
          component="li"
          gap={4}
          p="sm"
          data-testid="queued-note"
          style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Group gap={6}>
            <Text size="sm" fw={700}>
              You
            </Text>
            <Badge size="xs" variant="light" color="blue" tt="none">
              {entry.write.body.parent_note_uuid ? 'Reply · waiting to send' : 'Waiting to send'}
            </Badge>
          </Group>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="note-message"
          >
            {entry.write.body.message}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * Notes on a delivery I carry, shared with the company that assigned me: write one, reply, read the office's
 * instructions. The driver calls write and read only (no edit or delete), so notes here are not managed.
 */
export function DriverNotes({ delivery }: { delivery: { uuid: string; name: string } }) {
  const deliveryUuid = delivery.uuid;
  const query = useMyDeliveryNotes(deliveryUuid);
  const create = useCreateMyDeliveryNote(delivery);
  const types = useLookup('noteTypes');
  const me = useMe();
  const list = useMemo(() => listOf(query.data), [query.data]);
  const { entries } = useMyQueuedWrites();
  const waiting = writesOf(entries, deliveryUuid, 'note')
    .filter((e) => e.state === 'waiting')
    .reverse();
  const actions: NoteActions = {
    authorOf: (note) =>
      note.createdByUserUuid === me.data?.uuid ? 'You' : (note.createdByName ?? 'Your office'),
    typeLabel: types.labelOf,
    canManage: () => false,
    onEdit: noop,
    onDelete: () => undefined,
    onReply: (note, { message }) => create.mutateAsync({ message, parent_note_uuid: note.uuid }),
    pending: { edit: false, reply: create.isPending },
  };
  const total = list?.pagination.totalItems ?? 0;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="notes-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="notes-title">
            Notes
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list ? `${total} ${total === 1 ? 'note' : 'notes'}` : ' '}
          </Text>
        </Group>
        <NoteComposer
          label="New note"
          submitLabel="Add note"
          large
          pending={create.isPending}
          onSubmit={({ message }) => create.mutateAsync({ message })}
        />
        <QueuedNotes waiting={waiting} />
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading notes">
            <Skeleton height={14} width="40%" />
            <Skeleton height={36} />
          </Stack>
        ) : query.error && !list ? (
          <QueryError error={query.error} onRetry={query.refetch} title="Could not load the notes" />
        ) : !list || list.notes.length === 0 ? (
          waiting.length > 0 ? null : (
            <Text size="sm" c="dimmed">
              No notes yet. Notes written here are seen by your office.
            </Text>
          )
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notes">
            {list.notes.map((note) => (
              <NoteItem key={note.uuid} note={note} actions={actions} />
            ))}
          </Stack>
        )}
        {query.hasNextPage ? (
          <Button
            variant="light"
            h={44}
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
