import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/app-error.js';
import { isNumericOverflow } from '../lib/pg-errors.js';

const CSRF_CODES = new Set(['FST_CSRF_INVALID_TOKEN', 'FST_CSRF_MISSING_SECRET']);

/** Dotted field name of a validation issue: `/phoneNumbers/0/phoneNumber` becomes `phoneNumbers.0.phoneNumber`. */
function fieldOf(instancePath: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || '_';
}

/**
 * The one place that turns errors into answers: `{ message, errors? }` with the right status. A 5xx never shows
 * its internals; the log keeps them.
 */
export const errorHandlerPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .code(error.status)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const v of error.validation) {
        const field = fieldOf(v.instancePath ?? '');
        (errors[field] ??= []).push(v.message ?? 'Invalid value.');
      }
      const first = error.validation[0]?.message ?? 'The given data was invalid.';
      const more = error.validation.length - 1;
      return reply.code(422).send({
        message: more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first,
        errors,
      });
    }
    if (CSRF_CODES.has(error.code)) {
      return reply.code(419).send({ message: 'CSRF token mismatch.' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'answer did not match its schema');
      return reply.code(500).send({ message: 'Server Error.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: error.message || 'Too Many Attempts.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large) carry safe messages.
      return reply.code(status).send({ message: error.message });
    }
    if (isNumericOverflow(error)) {
      return reply.code(422).send({ message: 'A number is too large to store; use smaller values.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error.' });
  });
});
