import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema, sessionUserSchema } from '../features/auth/auth.dto';
import { blockDefinitions, blockTypes } from '../features/blocks/registry';
import {
  imageDtoSchema,
  imageInUseSchema,
  mediaFolderDtoSchema,
  mediaInUseErrorSchema,
  uploadErrorSchema,
} from '../features/media/media.dto';
import {
  navigationImageSchema,
  navigationItemDtoSchema,
  navigationNodeSchema,
} from '../features/navigation/navigation.dto';
import {
  blockDtoSchema,
  blockSummarySchema,
  pageDtoSchema,
  pageWithBlocksDtoSchema,
} from '../features/pages/pages.dto';
import {
  performanceSettingsRecordSchema,
  publicSeoSettingsSchema,
  seoSettingsRecordSchema,
} from '../features/settings/settings.dto';
import type { Access } from '../features/auth/access.server';
import { csrfCookieName, csrfHeaderName } from '../features/auth/csrf.server';
import { sessionCookieName } from '../features/auth/session.plugin.server';
import { errorBodySchema, errorResponses } from '../platform/http/error-responses';
import { nodeHttp } from '../platform/http/node-http.server';

/*
 * Named component schemas. They are the DTOs the features already export, named here in zod's
 * global registry (where `.describe()` keeps descriptions too), so the document says `$ref` where
 * a route reuses one and a recursive schema (the navigation tree) refers to itself instead of
 * becoming an unresolved reference. A schema used as input gets an `…Input` twin; unused ones are
 * left out of the document.
 */
const componentSchemas: ReadonlyArray<readonly [z.ZodType, string, string]> = [
  [errorBodySchema, 'Error', 'Every refusal: `{error: {code, message, field?}}`, never a stack trace or SQL text'],
  [sessionUserSchema, 'SessionUser', 'The signed-in account'],
  [messageSchema, 'Message', 'A sentence to show the user'],
  [pageDtoSchema, 'Page', 'A page (published, or a draft for editors)'],
  [pageWithBlocksDtoSchema, 'PageWithBlocks', 'A page in a list, with its block summaries when asked for'],
  [blockDtoSchema, 'Block', 'A content block of a page'],
  [blockSummarySchema, 'BlockSummary', 'A block in a page list: its type, order and active flag'],
  [navigationItemDtoSchema, 'NavigationItem', 'One navigation item without its sub-items'],
  [navigationNodeSchema, 'NavigationNode', 'A navigation item with its sub-items, which are NavigationNodes too'],
  [navigationImageSchema, 'NavigationImage', 'The image shown with a navigation item'],
  [imageDtoSchema, 'Image', 'An image of the media library with its variants, usage and SEO score'],
  [mediaFolderDtoSchema, 'MediaFolder', 'A folder of the media library'],
  [uploadErrorSchema, 'UploadError', 'One file of an upload that could not be stored'],
  [imageInUseSchema, 'ImageInUse', 'An image a bulk delete refused, with the pages and other places that use it'],
  [mediaInUseErrorSchema, 'MediaInUseError', 'The Error body of a refused bulk delete, plus `error.in_use`'],
  [publicSeoSettingsSchema, 'PublicSeoSettings', 'The SEO settings anyone may read'],
  [seoSettingsRecordSchema, 'SeoSettings', 'The whole SEO settings record with its version'],
  [performanceSettingsRecordSchema, 'PerformanceSettings', 'The performance settings with their version'],
  // One per block type, from the registry: a new type is documented by being registered.
  ...blockTypes.map((type) => {
    const { schema, label, description } = blockDefinitions[type];
    const name = `${type.charAt(0).toUpperCase()}${type.slice(1)}BlockData`;
    return [schema, name, `block_data of a ${label} block (block_type "${type}"): ${description}`] as const;
  }),
];

function nameComponentSchemas(): void {
  for (const [schema, id, description] of componentSchemas) {
    // Idempotent: every server built in this process names the same schema objects.
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id, description });
  }
}

/*
 * Security. A browser proves who it is with the session cookie; every write (POST, PUT, PATCH,
 * DELETE under /api/) also needs the double-submit CSRF pair: the `ca_csrf` cookie and the same
 * value in the `x-csrf-token` header (both from GET /api/v1/auth/session).
 */
const csrfSchemes = {
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: csrfCookieName,
    description: 'Set by `GET /api/v1/auth/session`; the `x-csrf-token` header must carry the same value.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: csrfHeaderName,
    description:
      'The `csrfToken` from `GET /api/v1/auth/session`, on every POST, PUT, PATCH and DELETE (requests from other sites are refused).',
  },
} as const;

type SecurityScheme =
  | { type: 'apiKey'; in: 'cookie' | 'header'; name: string; description: string }
  | { type: 'http'; scheme: 'bearer'; bearerFormat?: string; description: string };

/**
 * The ways to identify the caller; each is one alternative in the `security` of every
 * access-controlled operation, and `csrf` says whether its writes also need the CSRF pair.
 */
const credentials: Record<string, { csrf: boolean; scheme: SecurityScheme }> = {
  sessionCookie: {
    csrf: true,
    scheme: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookieName,
      description: 'The HttpOnly session cookie set by `POST /api/v1/auth/sign-in` (or by the first-run setup).',
    },
  },
  apiToken: {
    csrf: false,
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'cat_…',
      description:
        'An API token an admin created in Team › API tokens, sent as `Authorization: Bearer cat_…`. It acts with its own role (editor or admin), needs no CSRF token, and cannot change an account (own-account routes answer 403 `token_not_allowed`). A revoked, expired or unknown token answers 401 `invalid_token`.',
    },
  },
};

export const securitySchemes: Record<string, SecurityScheme> = {
  ...Object.fromEntries(Object.entries(credentials).map(([name, credential]) => [name, credential.scheme])),
  ...csrfSchemes,
};

type SecurityRequirement = Record<string, string[]>;

const csrfPair = (): SecurityRequirement => ({ csrfCookie: [], csrfHeader: [] });
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Public reads need nothing; public writes need the CSRF pair; other routes need a credential. */
export function securityFor(access: Access, method: string): SecurityRequirement[] {
  const write = !safeMethods.has(method);
  const entries = Object.entries(credentials);
  if (access === 'public') {
    if (!write) return [];
    return [csrfPair(), ...entries.filter(([, credential]) => !credential.csrf).map(([name]) => ({ [name]: [] }))];
  }
  return entries.map(([name, credential]) => ({ [name]: [], ...(credential.csrf && write ? csrfPair() : {}) }));
}

const accessNotes: Record<Access, string | undefined> = {
  public: undefined,
  'signed-in': 'Needs a signed-in account.',
  editor: 'Needs the editor or admin role.',
  admin: 'Needs the admin role.',
};

/*
 * Error responses: one named response per status, all with the Error body. Which ones an
 * operation lists follows from what it is (its access rule, method, path and inputs); statuses a
 * route declares itself beyond the common set (409, 410, 429…) are kept.
 */
const errorResponseComponents: Record<number, { name: string; description: string; retryAfter?: true }> = {
  400: {
    name: 'BadRequest',
    description:
      'The input is not valid: `invalid_input` (and other codes) name the field in `error.field`; `malformed_json` for a body that is not JSON.',
  },
  401: {
    name: 'Unauthenticated',
    description: 'Not signed in (`unauthenticated`), or the credentials or token are wrong.',
  },
  403: {
    name: 'Forbidden',
    description:
      "The account's role does not allow this (`forbidden`), or a write came without a matching `x-csrf-token` or from another site (`csrf_failed`).",
  },
  404: { name: 'NotFound', description: 'Nothing has this id or slug (`not_found`).' },
  409: {
    name: 'Conflict',
    description:
      'Someone saved first (`version_conflict`: read again and retry), or a unique value is taken (`slug_taken`, `email_taken`…).',
  },
  410: { name: 'Gone', description: 'This is no longer possible (`setup_done`: the first admin exists).' },
  413: {
    name: 'PayloadTooLarge',
    description: 'The request or a file is too large (`payload_too_large`, `image_too_large`, `too_many_files`).',
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body has a content type this route does not take (`unsupported_media_type`).',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts (`rate_limited`); the Retry-After header says when to try again.',
    retryAfter: true,
  },
  500: { name: 'InternalError', description: 'Something failed on the server (`internal_error`); nothing is leaked.' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The server is starting (`not_ready`) or the database is unreachable; the Retry-After header says when to try again.',
    retryAfter: true,
  },
};

/** The statuses every route's `...errorResponses` declares; the document decides them per route. */
const commonErrorStatuses = new Set(Object.keys(errorResponses).map(Number));
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

interface RouteShape {
  method: string;
  url: string;
  access: Access;
  hasInput: boolean;
}

export function errorStatusesFor(route: RouteShape): number[] {
  const write = !safeMethods.has(route.method);
  const statuses = new Set<number>([500]);
  // Inputs are validated (400 names the field); any body may be malformed JSON.
  if (route.hasInput || write) statuses.add(400);
  if (route.access !== 'public') statuses.add(401);
  // 403: a role below the rule, or a write without the CSRF pair.
  if (route.access === 'editor' || route.access === 'admin' || write) statuses.add(403);
  if (/\/[:*]/.test(route.url)) statuses.add(404);
  if (bodyMethods.has(route.method)) {
    statuses.add(413);
    statuses.add(415);
  }
  // Before migrations and the seed are done, and while the database is down.
  if (route.url.startsWith('/api/v1/')) statuses.add(503);
  return [...statuses];
}

/**
 * `GET /api/v1/pages/:id/blocks` → `getPagesByIdBlocks`; `/pages/by-slug/:slug` → `getPagesBySlug`.
 * Unique because method + URL is; a route may still set `schema.operationId` itself.
 */
export function operationIdFor(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\/(v1\/)?/, '')
    .split('/')
    .filter(Boolean);
  const words: string[] = [method.toLowerCase()];
  segments.forEach((segment, index) => {
    if (segment.startsWith(':')) {
      const name = segment.slice(1);
      if (segments[index - 1] !== `by-${name}`) words.push('by', ...name.split(/[^A-Za-z0-9]+/));
    } else if (segment === '*') {
      words.push('path');
    } else {
      words.push(...segment.split(/[^A-Za-z0-9]+/));
    }
  });
  return words
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

/** The feature a route without tags belongs to: the first segment after /api/v1/. */
export function tagFor(url: string): string {
  return url.replace(/^\/api\/(v1\/)?/, '').split('/')[0] || 'api';
}

const apiPath = /^\/api\//;
const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

/**
 * Per route: only /api/ routes are documented (the site's HTML, files and the admin shell are
 * not API operations); each gets its operationId, tag, security, access note and error responses.
 */
const transform: SwaggerTransform = (input) => {
  const { route, url } = input;
  const schema = (input.schema ?? {}) as FastifySchema & Record<string, unknown>;
  if (!apiPath.test(url) || schema.hide) return { schema: { hide: true }, url };
  const method = (Array.isArray(route.method) ? route.method[0] : route.method)!.toUpperCase();
  const access = route.config?.access ?? 'public';

  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const responses: Record<string, unknown> = {};
  for (const [status, body] of Object.entries(declared)) {
    if (body === errorBodySchema && commonErrorStatuses.has(Number(status))) continue;
    responses[status] = body;
  }
  // A route without a success schema still answers something: as @fastify/swagger would say.
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) responses['200'] = z.unknown();
  const hasInput = Boolean(schema.body ?? schema.querystring ?? schema.params ?? schema.headers);
  const statuses = [...errorStatusesFor({ method, url, access, hasInput }), ...(route.config?.alsoAnswers ?? [])];
  for (const status of statuses) responses[status] ??= errorBodySchema;
  const sortedResponses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));

  const description = [schema.description, accessNotes[access]].filter(Boolean).join('\n\n');
  const documented: FastifySchema & Record<string, unknown> = {
    ...schema,
    operationId: schema.operationId ?? operationIdFor(method, url),
    tags: schema.tags?.length ? schema.tags : [tagFor(url)],
    security: schema.security ?? securityFor(access, method),
    ...(description ? { description } : {}),
    // Who may call it, for clients that generate code from the document.
    'x-access': access,
    response: sortedResponses,
  };
  return zodTransform({ ...input, schema: documented });
};

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
  $ref?: string;
}
interface OperationObject {
  operationId?: string;
  tags?: string[];
  responses?: Record<string, ResponseObject>;
}
interface ApiDocument {
  paths?: Record<string, Record<string, OperationObject>>;
  tags?: Array<{ name: string; description?: string }>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

const errorRef = '#/components/schemas/Error';

/**
 * Error bodies that say more than `Error` (still `{error: {code, message, ...}}`), each named as a
 * response component of its own, by the $ref of its schema.
 */
const extendedErrorResponses: Record<string, { name: string; description: string }> = {
  '#/components/schemas/MediaInUseError': {
    name: 'MediaInUse',
    description:
      'Some of the images are in use (`media_in_use`): nothing was deleted; `error.in_use` lists each with the pages that show it.',
  },
};
const schemaRefPrefix = '#/components/schemas/';

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const entry of value) collectRefs(entry, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child);
      else collectRefs(child, into);
    }
  }
}

/** Only the component schemas the operations reach (the registry also yields unused input twins). */
function usedSchemas(document: ApiDocument): Record<string, unknown> {
  const all = document.components?.schemas ?? {};
  const used = new Set<string>();
  const pending = new Set<string>();
  collectRefs(document.paths, pending);
  collectRefs(document.components?.responses, pending);
  while (pending.size > 0) {
    const ref: string = pending.values().next().value!;
    pending.delete(ref);
    const name = ref.startsWith(schemaRefPrefix) ? ref.slice(schemaRefPrefix.length) : undefined;
    if (!name || used.has(name) || !(name in all)) continue;
    used.add(name);
    collectRefs(all[name], pending);
  }
  return Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
}

/** The whole document: named error responses, every tag declared, unused schemas out, ids unique. */
function finishDocument(document: ApiDocument): ApiDocument {
  const usedErrors = new Set<number>();
  const usedExtended = new Map<string, { description: string; schemaRef: string }>();
  const operationIds = new Map<string, string>();
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (operation.operationId) {
        const other = operationIds.get(operation.operationId);
        if (other) throw new Error(`${where} and ${other} have the same operationId "${operation.operationId}".`);
        operationIds.set(operation.operationId, where);
      }
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const code = Number(status);
        const component = errorResponseComponents[code];
        // A route that produces a file (the backup) still refuses with the JSON error body.
        const isError = Object.values(response.content ?? {}).some((media) => media.schema?.$ref === errorRef);
        const extendedRef = Object.values(response.content ?? {})
          .map((media) => media.schema?.$ref)
          .find((ref) => ref !== undefined && ref in extendedErrorResponses);
        if (component && isError) {
          operation.responses![status] = { $ref: `#/components/responses/${component.name}` };
          usedErrors.add(code);
        } else if (extendedRef) {
          const extended = extendedErrorResponses[extendedRef]!;
          operation.responses![status] = { $ref: `#/components/responses/${extended.name}` };
          usedExtended.set(extended.name, { description: extended.description, schemaRef: extendedRef });
        } else if (response.description === 'Default Response') {
          response.description = nodeHttp.STATUS_CODES[code] ?? 'Response';
        }
      }
    }
  }
  const declaredTags = document.tags ?? [];
  const tags = [
    ...declaredTags,
    ...[...usedTags].filter((tag) => !declaredTags.some((declared) => declared.name === tag)).map((name) => ({ name })),
  ];
  const responses = Object.fromEntries(
    [...usedErrors]
      .sort((a, b) => a - b)
      .map((code) => {
        const { name, description, retryAfter } = errorResponseComponents[code]!;
        return [
          name,
          {
            description,
            ...(retryAfter
              ? {
                  headers: {
                    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
                  },
                }
              : {}),
            content: { 'application/json': { schema: { $ref: errorRef } } },
          },
        ];
      }),
  );
  for (const [name, { description, schemaRef }] of usedExtended) {
    responses[name] = { description, content: { 'application/json': { schema: { $ref: schemaRef } } } };
  }
  const finished: ApiDocument = { ...document, tags, components: { ...document.components, responses } };
  finished.components!.schemas = usedSchemas(finished);
  return finished;
}

const transformObject: SwaggerTransformObject = (input) =>
  finishDocument(zodTransformObject(input) as ApiDocument) as ReturnType<SwaggerTransformObject>;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  nameComponentSchemas();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cenote Atlas API',
        description: [
          'The JSON API behind the Cenote Atlas site and admin. Errors are `{error: {code, message, field?}}` (the `Error` schema).',
          'Browsers sign in with `POST /api/v1/auth/sign-in` (an HttpOnly session cookie); every write also sends the `x-csrf-token` header with the `csrfToken` from `GET /api/v1/auth/session`.',
          'Scripts and other sites send an API token instead: `Authorization: Bearer cat_…` (no cookies, no CSRF token).',
        ].join('\n\n'),
        version: '1.0.0',
      },
      // Relative: the API is on the same origin as this document, whatever host served it.
      servers: [{ url: '/', description: 'This site' }],
      components: { securitySchemes },
      tags: [
        { name: 'health', description: 'Readiness and content completeness, for probes' },
        { name: 'auth', description: 'Accounts and sessions. Writes need the x-csrf-token header.' },
        { name: 'setup', description: 'Creating the first admin account' },
        { name: 'pages', description: 'Pages: published ones for everyone, drafts and editing for editors' },
        { name: 'blocks', description: 'The content blocks of a page, for editors' },
        { name: 'navigation', description: 'The header and footer menus as trees' },
        { name: 'settings', description: 'Site-wide SEO and performance settings' },
        { name: 'media', description: 'Media library: images (uploads, variants, usage, SEO score) and folders' },
        { name: 'search', description: 'Search over the published pages' },
        { name: 'api-tokens', description: 'API tokens for scripts and other sites (admins only)' },
      ],
    },
    transform,
    transformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles (as the site's own policy allows); it loads no outside stylesheet.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
    uiConfig: { displayOperationId: true, docExpansion: 'list', defaultModelsExpandDepth: 1 },
  });
  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
