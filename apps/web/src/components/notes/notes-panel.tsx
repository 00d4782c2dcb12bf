import { NOTE_TEXTS } from '@courier/contract';
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconNotes } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLookup } from '../../lib/lookups/get-lookup';
import { useCompanySlug } from '../../lib/session/use-company-slug';
import { useMe } from '../../lib/session/get-me';
import { useMayChangeNote } from '../../lib/session/use-may-change-note';
import { confirmDanger } from '../list/confirm';
import { QueryError } from '../list/query-error';
import { useCreateNote } from './api/create-note';
import { useDeleteNote } from './api/delete-note';
import { useMentionable } from './api/list-mentionable';
import { useNotes, type NoteableRef } from './api/list-notes';
import { useUpdateNote } from './api/update-note';
import { NoteComposer } from './note-composer';
import { NoteItem, type NoteActions } from './note-item';
import { listOf } from './note-pages';

function NotesSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading notes">
      {[0, 1, 2].map((i) => (
        <Stack key={i} gap={6}>
          <Skeleton height={12} width="40%" radius="sm" />
          <Skeleton height={32} radius="sm" />
        </Stack>
      ))}
    </Stack>
  );
}

function Notes({ slug, noteable }: { slug: string; noteable: NoteableRef }) {
  const [filter, setFilter] = useState<string | null>(null);
  const query = useNotes(slug, noteable, filter);
  const types = useLookup('noteTypes');
  const me = useMe();
  const mayChange = useMayChangeNote();
  const create = useCreateNote(slug, noteable);
  const update = useUpdateNote(slug, noteable);
  const remove = useDeleteNote(slug, noteable);
  const mentionable = useMentionable(slug, noteable).data;
  const list = useMemo(() => listOf(query.data), [query.data]);
  const myUuid = me.data?.uuid;

  const actions: NoteActions = {
    authorOf: (note) => (note.createdByUserUuid === myUuid ? 'You' : (note.createdByName ?? 'A colleague')),
    typeLabel: types.labelOf,
    canManage: mayChange,
    onEdit: (note, { message, mentionedUserUuids }) =>
      update.mutateAsync({ uuid: note.uuid, message, mentionedUserUuids }),
    onReply: (note, { message, mentionedUserUuids }) =>
      create.mutateAsync({
        message,
        noteTypeSlug: note.noteTypeSlug,
        parentUuid: note.uuid,
        mentionedUserUuids,
      }),
    mentionable,
    onDelete: (note) =>
      confirmDanger({
        title: note.parent_note_uuid ? 'Delete this reply?' : 'Delete this note?',
        message: note.parent_note_uuid
          ? 'The reply will be deleted.'
          : 'The note and its replies will be deleted.',
        confirmLabel: 'Delete',
        onConfirm: () => remove.mutate(note.uuid),
      }),
    pending: { edit: update.isPending, reply: create.isPending },
  };
  const total = list?.pagination.totalItems ?? 0;

  return (
    <Stack gap="md">
      <NoteComposer
        label="New note"
        submitLabel="Add note"
        typeOptions={types.options.length > 0 ? types.options : [{ value: 'general', label: 'General' }]}
        pending={create.isPending}
        mentionable={mentionable}
        onSubmit={(input) => create.mutateAsync(input)}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list ? `${total} ${total === 1 ? 'note' : 'notes'}` : ' '}
        </Text>
        <Select
          aria-label="Filter notes by type"
          placeholder="All types"
          data={types.options}
          value={filter}
          onChange={setFilter}
          clearable
          size="xs"
          w={200}
        />
      </Group>
      {query.isPending ? (
        <NotesSkeleton />
      ) : query.error && !list ? (
        <QueryError error={query.error} onRetry={query.refetch} title="Could not load the notes" />
      ) : !list || list.notes.length === 0 ? (
        <Stack align="center" gap={4} py="md" ta="center">
          <IconNotes size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" fw={600}>
            {filter ? 'No notes of this type' : 'No notes yet'}
          </Text>
          <Text size="xs" c="dimmed">
            {filter
              ? 'Clear the filter to see every note.'
              : 'Notes written here are shared with your company.'}
          </Text>
        </Stack>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notes">
          {list.notes.map((note) => (
            <NoteItem key={note.uuid} note={note} actions={actions} />
          ))}
        </Stack>
      )}
      {query.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="light"
            size="xs"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      {query.error && list ? <QueryError error={query.error} onRetry={query.refetch} /> : null}
    </Stack>
  );
}

/**
 * The notes of one record (a delivery, vehicle or driver): write, filter by type, reply, edit and delete. Works
 * in the current company; without one it shows the spec's "Config Error: Company slug not found".
 */
export function NotesPanel({ noteable }: { noteable: NoteableRef }) {
  const slug = useCompanySlug();
  if (!slug) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={NOTE_TEXTS.noCompany.name}
        role="alert"
      >
        {NOTE_TEXTS.noCompany.message}
      </Alert>
    );
  }
  return <Notes key={`${noteable.type}:${noteable.uuid}`} slug={slug} noteable={noteable} />;
}
