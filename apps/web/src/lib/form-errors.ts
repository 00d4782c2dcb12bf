import { fieldErrorsOf } from './errors';
import { notify } from './notifications';

interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

/** The attribute a form puts on an error it shows itself (not under a field), naming the error's path. */
export const ERROR_FOR_ATTRIBUTE = 'data-error-for';

type Errors = Record<string, unknown>;

/** The element that shows a path's error: its field (Mantine's `data-path`), else an error shown on its own. */
function shownAt(path: string, root: ParentNode): HTMLElement | null {
  const escaped = path.replace(/["\\]/g, '\\$&');
  return (
    root.querySelector<HTMLElement>(`[data-path="${escaped}"]`) ??
    root.querySelector<HTMLElement>(`[${ERROR_FOR_ATTRIBUTE}="${escaped}"]`)
  );
}

const byPosition = (a: HTMLElement, b: HTMLElement) =>
  a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;

const textOf = (message: unknown) =>
  typeof message === 'string' || typeof message === 'number' ? String(message) : 'Check this field';

/** "contacts.0.lastname" as "Contacts 1 lastname": a readable name for an error no field shows. */
const readablePath = (path: string) =>
  path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replace(/([a-z])([A-Z])/g, '$1 $2')))
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());

/**
 * Shows a form's errors where the user sees them (issue 33): once the errors are drawn, the page scrolls to the
 * first field in error and focuses it; an error that no field of the page shows is never silent, it is told in a
 * notification with the field's name. Pass as `form.onSubmit`'s second argument; `applyServerErrors` calls it too.
 */
export function revealFormErrors(errors: Errors): void {
  const paths = Object.keys(errors).filter((path) => Boolean(errors[path]));
  if (paths.length === 0) return;
  // The errors are set in this same event: wait for them to be drawn.
  requestAnimationFrame(() => {
    const shown: HTMLElement[] = [];
    const unshown: string[] = [];
    for (const path of paths) {
      const at = shownAt(path, document);
      if (at) shown.push(at);
      else unshown.push(path);
    }
    const first = shown.sort(byPosition)[0];
    if (first) {
      first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      if (first.matches('input, textarea, select, button, [tabindex]')) first.focus({ preventScroll: true });
    }
    if (unshown.length > 0) {
      notify({
        type: 'error',
        title: 'Check the form',
        message: unshown.map((path) => `${readablePath(path)}: ${textOf(errors[path])}`).join(' · '),
      });
    }
  });
}

/** Puts a 422 answer's field errors on the form's fields (keys such as `email` or `phoneNumbers.0.phoneNumber`). */
export function applyServerErrors(
  form: FormWithErrors,
  error: unknown,
  fieldOf: (path: string) => string = (path) => path,
): boolean {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) errors[fieldOf(path)] ??= message;
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  revealFormErrors(errors);
  return true;
}
