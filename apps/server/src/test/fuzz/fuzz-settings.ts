import { inject } from 'vitest';
import { z } from 'zod';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fuzz suite's variables, read by apps/server/vitest.config.ts (the server's code reads no test knob). */
    fuzzEnv: Record<string, string>;
  }
}

/** The seed every run uses unless FUZZ_SEED says otherwise (decision 037). */
export const DEFAULT_FUZZ_SEED = 20261125;
/** Requests per operation: about 120 operations, 3,000 requests, under 90 s a database on two shared cores. */
export const DEFAULT_FUZZ_RUNS = 25;

const FuzzEnvSchema = z.object({
  FUZZ_SEED: z.coerce.number().int().default(DEFAULT_FUZZ_SEED),
  /** fast-check's path of a failing case (`12:3`), to replay just that case. */
  FUZZ_PATH: z
    .string()
    .regex(/^\d+(:\d+)*$/)
    .optional(),
  FUZZ_RUNS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_FUZZ_RUNS),
});

export type FuzzSettings = z.output<typeof FuzzEnvSchema>;

export function fuzzSettings(): FuzzSettings {
  const source = Object.fromEntries(Object.entries(inject('fuzzEnv') ?? {}).filter(([, v]) => v !== ''));
  const parsed = FuzzEnvSchema.safeParse(source);
  if (!parsed.success)
    throw new Error(
      `Invalid fuzz settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
