import { noteCalls, NOTE_TEXTS, type CreateNoteBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { noteKeys } from '../../../lib/note-keys';
import { notifySuccess } from '../../../lib/notifications';
import { addNote, type NotePages } from '../note-pages';
import type { NoteableRef } from './list-notes';

/** POST notes: a note on a record, or a reply to one (`parent_note_uuid`). */
export const createNote = (slug: string, body: CreateNoteBody) =>
  callApi(noteCalls.createNote, { params: { companySlug: slug }, body });

export function useCreateNote(slug: string, ref: NoteableRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      message: string;
      noteTypeSlug: string;
      parentUuid?: string | null;
      mentionedUserUuids?: string[];
    }) =>
      createNote(slug, {
        noteableType: ref.type,
        noteableUuid: ref.uuid,
        message: input.message,
        noteTypeSlug: input.noteTypeSlug,
        parent_note_uuid: input.parentUuid ?? null,
        mentionedUserUuids: input.mentionedUserUuids ?? [],
      }),
    onSuccess: (note) => {
      // Spec section 4: prepend to every loaded list of this record (each note-type filter) and count it.
      for (const [key] of queryClient.getQueriesData<NotePages>({
        queryKey: noteKeys.of(slug, ref.type, ref.uuid),
      })) {
        const filter = key[key.length - 1];
        if (!note.parent_note_uuid && filter !== 'any' && filter !== note.noteTypeSlug) continue;
        queryClient.setQueryData<NotePages>(key, (data) => addNote(data, note));
      }
      notifySuccess(NOTE_TEXTS.created.title, NOTE_TEXTS.created.message);
    },
  });
}
