import { unsafeInputIssue } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unprocessable } from '../lib/app-error.js';

/**
 * The contract's rule on text the API refuses (decision 014), applied once to every request before its schemas:
 * a path param with a control character or a lone surrogate names no record, so 404; a query or body holding one
 * (or nested deeper than the contract allows) answers 422 naming the field. Nothing of it reaches the database,
 * which cannot store NUL and answered 500.
 */
export const hostileInputPlugin = fp((app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    // Anonymous callers of private routes get their 401 first, as they do for any other invalid input.
    if (!request.auth && !request.apiKey && !request.routeOptions.config.public) return done();
    const param = unsafeInputIssue(request.params);
    if (param) return done(notFound(param.path === 'companySlug' ? 'Company' : 'Resource'));
    const issue = unsafeInputIssue(request.query) ?? unsafeInputIssue(request.body);
    if (issue) return done(unprocessable({ [issue.path]: [issue.message] }));
    done();
  });
});
