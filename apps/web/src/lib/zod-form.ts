import { schemaResolver, type FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * A Mantine form validator from a contract schema: the form's values are first turned into the request body (empty
 * fields to null, text to numbers), so the form checks exactly what the server will.
 */
export function validateWith<V>(
  schema: z.ZodType,
  toBody: (values: V) => unknown,
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => resolve(toBody(values));
}
