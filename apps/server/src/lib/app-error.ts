export type FieldErrors = Record<string, string[]>;

/** The one error the code throws on purpose; the error handler turns it into `{ message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`);
export const forbidden = (message = 'This action is unauthorized.') =>
  new AppError(403, 'forbidden', message);
export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Unauthenticated.');
export const conflict = (message: string, errors?: FieldErrors) =>
  new AppError(409, 'conflict', message, errors);
export const unprocessable = (errors: FieldErrors, message?: string) =>
  new AppError(422, 'validation_failed', message ?? firstMessage(errors), errors);

function firstMessage(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  return all.length > 1 ? `${first} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})` : first;
}
