import { DrizzleQueryError } from 'drizzle-orm';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * How requests and errors appear in the log. Logs are kept longer and read by more people than the database, so
 * they hold nothing a person typed: a request is its method, its path and its id (the query string carries
 * searches for names and e-mails, the address is personal data too, and the id is enough to follow a request
 * through its lines). Fastify's default printed the full URL and the client's address.
 */
export function serializeRequest(request: FastifyRequest) {
  return { id: request.id, method: request.method, url: request.url.split('?', 1)[0] };
}

/** The error's message followed by its causes', as pino prints them, with a failed query's parameters left out. */
function messageOf(err: Error, depth = 0): string {
  const own = err instanceof DrizzleQueryError ? `Failed query: ${err.query}` : err.message;
  return err.cause instanceof Error && depth < 5 ? `${own}: ${messageOf(err.cause, depth + 1)}` : own;
}

/**
 * An error as type, message, code and stack frames. Drizzle writes a failed statement's parameters (the request's
 * names, e-mails, texts) into its message, and PostgreSQL's `detail` repeats the failing row or key: both are left
 * out. The statement itself has placeholders only and is kept, with PostgreSQL's own message.
 */
export function serializeError(err: Error): { type: string; message: string; stack: string; code?: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const cause = err.cause instanceof Error ? err.cause : undefined;
  const message = messageOf(err);
  const type = err.constructor.name || err.name;
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const code = (err as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  return {
    type,
    message,
    ...(code !== undefined ? { code } : {}),
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
}

export const logSerializers = { req: serializeRequest, err: serializeError };

/**
 * One log line per request, written when it is answered (issue 39): Fastify's own two (`incoming request`, then
 * `request completed`) doubled the log. The line carries the request (method, path, id), its status and its time.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
