import { describe, expect, it } from 'vitest';
import {
  ApiError,
  errorTitle,
  fieldErrorsOf,
  HttpError,
  NetworkError,
  normalizeError,
  SERVER_ERROR_FALLBACK_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './errors';

describe('normalizeError (spec section 8)', () => {
  it('server error: takes the server message, with status code and data', () => {
    const body = { message: 'These credentials do not match our records.', errors: { email: ['Wrong'] } };
    expect(normalizeError(new HttpError(422, body, 'Unprocessable Entity'))).toEqual({
      kind: 'server',
      statusCode: 422,
      message: 'These credentials do not match our records.',
      data: body,
    });
  });

  it("server error without a server message: the error's own message", () => {
    const normalized = normalizeError(new HttpError(502, null, 'Bad Gateway'));
    expect(normalized).toMatchObject({ statusCode: 502, message: 'Bad Gateway', data: null });
  });

  it('server error with an empty server message and no own message: the fallback text', () => {
    const normalized = normalizeError(new HttpError(500, { message: '' }, ''));
    expect(normalized).toMatchObject({ statusCode: 500, message: SERVER_ERROR_FALLBACK_MESSAGE });
    expect(SERVER_ERROR_FALLBACK_MESSAGE).toBe('A server communication error occurred.');
  });

  it('server error whose body is not an object (HTML error page): own message, body as data', () => {
    expect(normalizeError(new HttpError(503, '<html>', 'Service Unavailable'))).toMatchObject({
      message: 'Service Unavailable',
      data: '<html>',
    });
  });

  it("any other error: the error's message, no status code", () => {
    expect(normalizeError(new TypeError('boom'))).toEqual({
      kind: 'unknown',
      statusCode: null,
      message: 'boom',
      data: null,
    });
  });

  it('any other error without a message: the unexpected-error text', () => {
    expect(normalizeError(new Error(''))).toMatchObject({
      message: UNEXPECTED_ERROR_MESSAGE,
      statusCode: null,
    });
    expect(normalizeError('a string')).toMatchObject({ message: UNEXPECTED_ERROR_MESSAGE });
    expect(normalizeError(undefined)).toMatchObject({ message: UNEXPECTED_ERROR_MESSAGE });
    expect(UNEXPECTED_ERROR_MESSAGE).toBe('An unexpected error occurred. Please try again.');
  });

  it('a plain object with a message counts as having a message', () => {
    expect(normalizeError({ message: 'from a library' })).toMatchObject({
      kind: 'unknown',
      message: 'from a library',
    });
  });

  it('network failures are marked as such', () => {
    expect(normalizeError(new NetworkError('Failed to fetch'))).toMatchObject({
      kind: 'network',
      message: 'Failed to fetch',
    });
  });

  it('an ApiError normalises to itself', () => {
    const apiError = new ApiError({
      kind: 'server',
      statusCode: 409,
      message: 'Taken',
      data: { message: 'Taken' },
    });
    expect(normalizeError(apiError)).toEqual({
      kind: 'server',
      statusCode: 409,
      message: 'Taken',
      data: { message: 'Taken' },
    });
  });
});

describe('errorTitle', () => {
  it('is "Error" and the status code, or Network, or Unknown', () => {
    expect(errorTitle(normalizeError(new HttpError(429, null, 'Too Many Requests')))).toBe('Error 429');
    expect(errorTitle(normalizeError(new NetworkError('offline')))).toBe('Error Network');
    expect(errorTitle(normalizeError(new Error('x')))).toBe('Error Unknown');
  });
});

describe('fieldErrorsOf', () => {
  it("takes each field's first message from a 422 answer", () => {
    const error = new ApiError(
      normalizeError(
        new HttpError(
          422,
          {
            message: 'Invalid',
            errors: { email: ['Taken', 'Other'], 'phoneNumbers.0.phoneNumber': ['Bad'] },
          },
          '',
        ),
      ),
    );
    expect(fieldErrorsOf(error)).toEqual({ email: 'Taken', 'phoneNumbers.0.phoneNumber': 'Bad' });
  });

  it('is empty for other errors', () => {
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(
      fieldErrorsOf(new ApiError({ kind: 'server', statusCode: 500, message: 'x', data: null })),
    ).toEqual({});
  });
});
