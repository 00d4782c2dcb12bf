import { driverScopeCalls, NOTE_TEXTS, type DriverNoteBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { addNote, type NotePages } from '../../../components/notes/note-pages';
import { driverKeys } from './keys';

/** POST /driver/delivery/:uuid/notes: a note (or a reply) in the company that assigned me. */
export const createMyDeliveryNote = (deliveryUuid: string, body: DriverNoteBody) =>
  callApi(driverScopeCalls.createMyDeliveryNote, { params: { deliveryUuid }, body });

export function useCreateMyDeliveryNote(deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DriverNoteBody) => createMyDeliveryNote(deliveryUuid, body),
    onSuccess: (note) => {
      // Spec section 4 "Notes": prepend to the loaded list and count it (a reply goes under its note).
      queryClient.setQueryData<NotePages>(driverKeys.notes(deliveryUuid), (data) => addNote(data, note));
      notifySuccess(NOTE_TEXTS.created.title, NOTE_TEXTS.created.message);
    },
  });
}
