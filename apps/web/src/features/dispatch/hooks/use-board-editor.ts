import {
  DATA_FETCH_DEBOUNCE_MS,
  type BoardChangeBody,
  type DispatchBoard,
  type RouteStop,
} from '@courier/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { fieldErrorsOf } from '../../../lib/errors';
import { notify } from '../../../lib/notifications';
import { useBoardPreview } from '../api/preview-board-change';
import { useSaveBoardChange } from '../api/save-board-change';
import {
  changedDrivers,
  changeOf,
  draftOf,
  errorsByDriver,
  indexOf,
  type BoardIndex,
  type Draft,
  type EditResult,
} from '../board-edit';

export interface RouteError {
  field: string;
  message: string;
}

/** What a changed route would become, from the preview of the change as it stands. */
export interface RouteOutlook {
  stops: ReadonlyMap<string, RouteStop>;
  before: DispatchBoard['routes'][number]['figures'];
  after: DispatchBoard['routes'][number]['figures'];
}

const sameBody = (a: BoardChangeBody | null, b: BoardChangeBody | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The dispatcher's unsaved changes of a board: the arrangement (board-edit.ts), its preview asked once the edits
 * pause (the server's times, lateness, load and figures, nothing saved), the refusals of the preview or the save by
 * route, and saving or discarding it. Changes belong to the day they were made on.
 */
export function useBoardEditor(slug: string, day: string | null, board: DispatchBoard | undefined) {
  const [edit, setEdit] = useState<{ day: string; draft: Draft } | null>(null);
  const index: BoardIndex | null = useMemo(() => (board ? indexOf(board) : null), [board]);
  const saved = useMemo(() => (board ? draftOf(board) : null), [board]);
  const draft = edit && board && edit.day === board.day ? edit.draft : null;
  const current = draft ?? saved;
  const body = useMemo(() => (board && draft ? changeOf(board, draft) : null), [board, draft]);
  const changed = useMemo(() => new Set(board && draft ? changedDrivers(board, draft) : []), [board, draft]);
  const [debounced] = useDebouncedValue(body, DATA_FETCH_DEBOUNCE_MS);
  // The preview follows the change once the edits pause; none once there is nothing to save.
  const previewBody = body ? debounced : null;
  const preview = useBoardPreview(slug, previewBody);
  const save = useSaveBoardChange(slug, day);

  /** The preview answers the change as it stands (not an earlier one still shown while the next loads). */
  const previewCurrent =
    preview.data !== undefined &&
    !preview.isPlaceholderData &&
    sameBody(previewBody, body) &&
    !preview.isFetching;

  const outlook = useMemo(() => {
    const map = new Map<string, RouteOutlook>();
    if (!body || !preview.data) return map;
    for (const r of preview.data.routes)
      map.set(r.driverUserUuid, {
        stops: new Map(r.stops.map((s) => [s.stepUuid, s])),
        before: r.before,
        after: r.after,
      });
    return map;
  }, [body, preview.data]);

  // Refusals: the save's, for the change it was asked with; else the preview's of the change as it stands.
  const failure = useMemo(() => {
    if (!body) return null;
    if (save.error && sameBody(save.variables ?? null, body)) return { error: save.error, body };
    if (preview.error && sameBody(previewBody, body)) return { error: preview.error, body };
    return null;
  }, [body, save.error, save.variables, preview.error, previewBody]);
  const fields = useMemo(() => (failure ? fieldErrorsOf(failure.error) : {}), [failure]);
  const routeErrors = useMemo(
    () => (failure ? errorsByDriver(failure.body, fields) : new Map<string | null, RouteError[]>()),
    [failure, fields],
  );

  const apply = (result: EditResult, title = 'Not Moved'): boolean => {
    if (!result.ok) {
      notify({ type: 'warning', title, message: result.reason });
      return false;
    }
    if (board) setEdit({ day: board.day, draft: result.draft });
    save.reset();
    return true;
  };
  const change = (next: (d: Draft) => Draft) => {
    if (board && current) setEdit({ day: board.day, draft: next(current) });
    save.reset();
  };
  const discard = () => {
    setEdit(null);
    save.reset();
  };
  const submit = () => {
    if (!body) return;
    save.mutate(body, { onSuccess: () => setEdit(null) });
  };

  return {
    index,
    draft: current,
    body,
    dirty: body !== null,
    changed,
    preview: {
      /** Waiting for the edits to pause, or for the server. */
      pending: body !== null && (!previewCurrent || preview.isFetching) && !failure,
      outlook,
      current: previewCurrent,
    },
    routeErrors,
    /**
     * A refusal about the board rather than one route's field (a 409: a delivery under way; a 404: a stop gone since),
     * or a failure to reach the server.
     */
    conflict: failure && Object.keys(fields).length === 0 ? failure.error : null,
    apply,
    change,
    discard,
    submit,
    saving: save.isPending,
  };
}

export type BoardEditor = ReturnType<typeof useBoardEditor>;
