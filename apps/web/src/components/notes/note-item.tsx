import type { Mentionable, Note } from '@courier/contract';
import { ActionIcon, Badge, Box, Button, Group, Mark, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { NoteComposer } from './note-composer';
import { splitMentions } from './mentions';
import { formatDateTime } from '../../lib/date-format';

type Written = { message: string; mentionedUserUuids: string[] };

export interface NoteActions {
  /** "You" for the signed-in user's notes, else the author's name. */
  authorOf: (note: Note) => string;
  typeLabel: (slug: string) => string;
  canManage: (note: Note) => boolean;
  onEdit: (note: Note, written: Written) => Promise<unknown>;
  onDelete: (note: Note) => void;
  onReply: (note: Note, written: Written) => Promise<unknown>;
  pending: { edit: boolean; reply: boolean };
  /** Who the composers offer after `@`. */
  mentionable?: readonly Mentionable[] | undefined;
}

/** A note's text with its mentions' names highlighted. */
function NoteMessage({ note }: { note: Note }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="note-message">
      {splitMentions(note.message, note.mentions ?? []).map((part, i) =>
        part.mention ? (
          <Mark key={i} color="blue" fw={600} px={2} style={{ borderRadius: 4 }} data-testid="note-mention">
            {part.text}
          </Mark>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

function NoteBody({ note, actions }: { note: Note; actions: NoteActions }) {
  const [editing, setEditing] = useState(false);
  const author = actions.authorOf(note);
  const edited = note.updatedAt !== note.createdAt;
  const manage = actions.canManage(note);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap" miw={0}>
          <Text size="sm" fw={700}>
            {author}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={note.createdAt}>
            {formatDateTime(note.createdAt)}
            {edited ? ' · edited' : ''}
          </Text>
          {note.parent_note_uuid ? null : (
            <Badge size="xs" variant="light" color="gray" tt="none">
              {actions.typeLabel(note.noteTypeSlug)}
            </Badge>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          {manage ? (
            <>
              <Tooltip label="Edit">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Edit note"
                  onClick={() => setEditing(true)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Delete note"
                  onClick={() => actions.onDelete(note)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>
      </Group>
      {editing ? (
        <NoteComposer
          label="Edit note"
          submitLabel="Save"
          initialMessage={note.message}
          initialMentions={note.mentions}
          mentionable={actions.mentionable}
          pending={actions.pending.edit}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={(written) => actions.onEdit(note, written).then(() => setEditing(false))}
        />
      ) : (
        <NoteMessage note={note} />
      )}
    </Stack>
  );
}

/** A top-level note, its replies under it (oldest first) and a reply box opened by Reply. */
export function NoteItem({ note, actions }: { note: Note; actions: NoteActions }) {
  const [replying, setReplying] = useState(false);
  const replies = note.replies ?? [];
  return (
    <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <NoteBody note={note} actions={actions} />
      {replies.length > 0 || replying ? (
        <Stack
          gap="sm"
          mt="sm"
          pl="sm"
          ml={4}
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
          component="ul"
          aria-label={`Replies (${replies.length})`}
          m={0}
        >
          {replies.map((reply) => (
            <li key={reply.uuid} style={{ listStyle: 'none' }}>
              <NoteBody note={reply} actions={actions} />
            </li>
          ))}
          {replying ? (
            <li style={{ listStyle: 'none' }}>
              <NoteComposer
                label="Reply"
                submitLabel="Reply"
                pending={actions.pending.reply}
                mentionable={actions.mentionable}
                autoFocus
                onCancel={() => setReplying(false)}
                onSubmit={(written) => actions.onReply(note, written).then(() => setReplying(false))}
              />
            </li>
          ) : null}
        </Stack>
      ) : null}
      {replying ? null : (
        <Button
          variant="subtle"
          size="compact-xs"
          mt={4}
          leftSection={<IconArrowBackUp size={14} />}
          onClick={() => setReplying(true)}
        >
          Reply
        </Button>
      )}
    </Box>
  );
}
