import { z } from 'zod';
import { LIMITS } from '../constants.js';

/** Query of a paginated, searchable list. `per_page` goes up to 1000 so long tables can stream pages. */
export const ListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIMITS.listPerPageMax).default(25),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** One row's problems in a CSV import, numbered as in the file (the header is row 1). */
export const ImportRowErrorSchema = z.object({
  row: z.number().int().min(1),
  errors: z.record(z.string(), z.array(z.string())),
});
export const ImportResultSchema = z.object({
  created: z.number().int().min(0),
  failed: z.array(ImportRowErrorSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** A chunk of CSV rows as the browser parsed them: column name to raw text. Each row is validated on its own. */
export const ImportBodySchema = z.object({
  firstRowNumber: z.number().int().min(2).max(LIMITS.importRowNumberMax),
  rows: z
    .array(z.record(z.string(), z.string().max(1000)))
    .min(1)
    .max(LIMITS.importRowsPerRequestMax),
});
export type ImportBody = z.infer<typeof ImportBodySchema>;
