import { noteCalls, NOTE_TEXTS, type UpdateNoteBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { noteKeys } from '../../../lib/note-keys';
import { notifySuccess } from '../../../lib/notifications';
import { replaceNote, type NotePages } from '../note-pages';
import type { NoteableRef } from './list-notes';

/** PUT notes/:uuid: its author or a company admin may edit it (the server answers 403 otherwise). */
export const updateNote = (slug: string, noteUuid: string, body: UpdateNoteBody) =>
  callApi(noteCalls.updateNote, { params: { companySlug: slug, note_uuid: noteUuid }, body });

export function useUpdateNote(slug: string, ref: NoteableRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, ...body }: UpdateNoteBody & { uuid: string }) => updateNote(slug, uuid, body),
    onSuccess: (note) => {
      queryClient.setQueriesData<NotePages>({ queryKey: noteKeys.of(slug, ref.type, ref.uuid) }, (data) =>
        replaceNote(data, note),
      );
      notifySuccess(NOTE_TEXTS.updated.title, NOTE_TEXTS.updated.message);
    },
  });
}
