import { noteCalls, NOTE_TEXTS } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { noteKeys } from '../../../lib/note-keys';
import { notifySuccess } from '../../../lib/notifications';
import { removeNote, type NotePages } from '../note-pages';
import type { NoteableRef } from './list-notes';

/** DELETE notes/:uuid: a soft delete of the note and its replies. */
export const deleteNote = (slug: string, noteUuid: string) =>
  callApi(noteCalls.deleteNote, { params: { companySlug: slug, note_uuid: noteUuid } });

export function useDeleteNote(slug: string, ref: NoteableRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteUuid: string) => deleteNote(slug, noteUuid),
    onSuccess: (_, noteUuid) => {
      queryClient.setQueriesData<NotePages>({ queryKey: noteKeys.of(slug, ref.type, ref.uuid) }, (data) =>
        removeNote(data, noteUuid),
      );
      notifySuccess(NOTE_TEXTS.deleted.title, NOTE_TEXTS.deleted.message);
    },
  });
}
