import { Drawer, ScrollArea } from '@mantine/core';
import { memo } from 'react';
import type { NoteableRef } from './api/list-notes';
import { NotesPanel } from './notes-panel';

/**
 * The notes of a record beside a list (vehicles, drivers); closed while `noteable` is null. Memoised: the list
 * around it renders again with every page it loads, and a closed drawer has nothing to change.
 */
export const NotesDrawer = memo(function NotesDrawer({
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
});
