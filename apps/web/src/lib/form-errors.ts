import { fieldErrorsOf } from './errors';

interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

/** Puts a 422 answer's field errors on the form's fields (keys such as `email` or `phoneNumbers.0.phoneNumber`). */
export function applyServerErrors(form: FormWithErrors, error: unknown): boolean {
  const errors = fieldErrorsOf(error);
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  return true;
}
