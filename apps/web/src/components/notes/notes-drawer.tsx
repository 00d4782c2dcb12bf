import { Drawer, ScrollArea } from '@mantine/core';
import type { NoteableRef } from './api/list-notes';
import { NotesPanel } from './notes-panel';

/** The notes of a record beside a list (vehicles, drivers); closed while `noteable` is null. */
export function NotesDrawer({
  noteable,
  title,
  onClose,
}: {
  noteable: NoteableRef | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={noteable !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {noteable ? <NotesPanel noteable={noteable} /> : null}
    </Drawer>
  );
}
