import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionError, pgErrorCodes, pgErrorOf } from '../db/errors.server';
import { AppError, type ErrorBody } from './app-error.server';
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  databaseUnavailablePageHtml,
} from './unavailable-page.server';

/** Messages for constraint violations that reach the database despite service-level checks (races). */
const constraintMessages: Record<string, { status: number; code: string; message: string; field?: string }> = {
  pages_locale_slug_unique: {
    status: 409,
    code: 'slug_taken',
    message: 'That slug is already used by another page.',
    field: 'slug',
  },
  pages_slug_format: {
    status: 400,
    code: 'invalid_slug',
    message: 'Use lowercase letters, digits and single hyphens only (for example cenote-dos-ojos).',
    field: 'slug',
  },
  users_email_unique: {
    status: 409,
    code: 'email_taken',
    message: 'An account with this e-mail already exists.',
    field: 'email',
  },
  performance_settings_cache_duration_range: {
    status: 400,
    code: 'out_of_range',
    message: 'Cache duration must be between 60 and 604800 seconds.',
    field: 'cache_duration',
  },
  performance_settings_image_quality_range: {
    status: 400,
    code: 'out_of_range',
    message: 'Image quality must be between 1 and 100.',
    field: 'image_quality',
  },
  performance_settings_page_weight_budget_range: {
    status: 400,
    code: 'out_of_range',
    message: 'The page weight budget must be between 100 and 20000 KB.',
    field: 'page_weight_budget_kb',
  },
  images_focal_point_range: {
    status: 400,
    code: 'out_of_range',
    message: 'A focal point lies inside the image: 0 to 100 percent across and down.',
    field: 'focal_point',
  },
  content_blocks_order_positive: {
    status: 400,
    code: 'out_of_range',
    message: 'Block order starts at 1.',
    field: 'block_order',
  },
  navigation_items_order_positive: {
    status: 400,
    code: 'out_of_range',
    message: 'Display order starts at 1.',
    field: 'display_order',
  },
};

/** The driver's own words (for example "connect ECONNREFUSED 127.0.0.1:5432"), under drizzle's wrapper. */
function rootCauseMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    current = cause;
  }
  if (!(current instanceof Error)) return String(current);
  // Node's AggregateError (one refused attempt per address) has an empty message but a code.
  return current.message || String((current as { code?: unknown }).code ?? current.name);
}

export const nulCharacterMessage = 'Text cannot contain the NUL character (\\u0000).';

function body(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/** Maps every failure to `{error: {code, message, field?}}` with the right status; never leaks internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const location = error.validationContext ?? 'body';
      const pathText = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field =
        pathText || (first?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.') || location;
      const message = first?.message ?? 'The request is not valid.';
      return reply.status(400).send(body('invalid_input', `${field}: ${message}`, field));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(body('internal_error', 'Something went wrong on our side. Please try again.'));
    }
    const statusCode = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
      return reply.status(413).send(body('payload_too_large', 'The request is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || statusCode === 415) {
      return reply.status(415).send(body('unsupported_media_type', 'Send JSON with Content-Type: application/json.'));
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply.status(400).send(body('malformed_json', 'The request body is not valid JSON.'));
    }
    if (statusCode === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', error.message || 'Too many requests. Please wait and try again.'));
    }
    const pgError = pgErrorOf(error);
    if (pgError) {
      const known = pgError.constraint ? constraintMessages[pgError.constraint] : undefined;
      if (known) return reply.status(known.status).send(body(known.code, known.message, known.field));
      if (pgError.code === pgErrorCodes.uniqueViolation) {
        return reply.status(409).send(body('conflict', 'That value is already in use.'));
      }
      if (pgError.code === pgErrorCodes.checkViolation || pgError.code === pgErrorCodes.notNullViolation) {
        return reply.status(400).send(body('invalid_input', 'A value is missing or out of range.'));
      }
      if (pgError.code === pgErrorCodes.foreignKeyViolation) {
        return reply
          .status(409)
          .send(body('reference_missing', 'A referenced item does not exist (it may have been deleted).'));
      }
      if (pgError.code === pgErrorCodes.invalidTextRepresentation) {
        return reply.status(400).send(body('invalid_input', 'An identifier or value has the wrong format.'));
      }
      // PostgreSQL text and jsonb cannot hold U+0000: 22021 (text) and 22P05 (jsonb "\u0000").
      if (pgError.code === '22021' || pgError.code === '22P05') {
        return reply.status(400).send(body('invalid_input', nulCharacterMessage));
      }
    }
    if (isConnectionError(error)) {
      // One line per failed request, without the query and its parameters: an outage is loud enough.
      request.log.warn({ reason: rootCauseMessage(error) }, 'database unavailable');
      void reply
        .status(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .header('cache-control', 'no-store');
      // A visitor's browser asked for a page: answer with a page, not with JSON.
      if (!request.url.startsWith('/api/')) {
        return reply.header('content-type', 'text/html; charset=utf-8').send(databaseUnavailablePageHtml);
      }
      return reply.send(body('database_unavailable', databaseUnavailableMessage));
    }
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(body('bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
