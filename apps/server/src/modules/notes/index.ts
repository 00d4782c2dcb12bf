// The notes domain: a company's notes (with replies) on its deliveries, vehicles, drivers, parcels and clients.
// Other domains and app.ts reach it only through this file.
export type { NoteScope } from './notes.access.js';
export { noteRoutes } from './notes.routes.js';
export { latestNotesJson } from './notes.queries.js';
export { addNote, listNoteThreads, notesFromJson } from './notes.service.js';
