import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockTypes } from '../../src/features/blocks/registry';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  'x-access'?: string;
  responses: Record<string, { $ref?: string; description?: string }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags: Array<{ name: string; description?: string }>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, { description: string; content: Record<string, { schema: { $ref?: string } }> }>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

let server: TestApp;
let document: OpenApiDocument;
let source: string;

function operations(): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.has(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** `/api/v1/pages/:id` (Fastify) → `/api/v1/pages/{id}` (OpenAPI). */
const documentedPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

function collectRefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((entry) => collectRefs(entry, into));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.push(child);
      else collectRefs(child, into);
    }
  }
  return into;
}

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  const response = await fetch(`${server.url}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  source = await response.text();
  document = JSON.parse(source) as OpenApiDocument;
});
afterAll(async () => {
  await server?.close();
});

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules with no errors", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: `${server.url}/api/v1/openapi.json`, config });
    const describe = (problem: (typeof problems)[number]) =>
      `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`;
    const errors = problems.filter((problem) => problem.severity === 'error').map(describe);
    const warnings = problems.filter((problem) => problem.severity === 'warn').map(describe);
    console.log(
      `OpenAPI lint (Redocly recommended): ${errors.length} errors, ${warnings.length} warnings` +
        warnings.map((line) => `\n  warning ${line}`).join(''),
    );
    expect(document.openapi).toBe('3.1.0');
    expect(errors).toEqual([]);
  });

  it('gives every operation a unique operationId, a declared tag and a summary', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(30);
    const ids = all.map(({ operation }) => operation.operationId);
    for (const { method, path, operation } of all) {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(operation.summary?.trim(), `${method} ${path}`).toBeTruthy();
      for (const tag of operation.tags ?? []) {
        expect(
          document.tags.map((declared) => declared.name),
          `${method} ${path}`,
        ).toContain(tag);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/v1/pages/{id}/blocks']?.['get']?.operationId).toBe('getPagesByIdBlocks');
  });

  it('lists only API routes: no HTML page, admin shell or file', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    for (const htmlRoute of ['/', '/{slug}', '/admin', '/admin/{*}', '/auth', '/setup', '/search', '/media/{*}']) {
      expect(paths).not.toContain(htmlRoute);
    }
    // The reference UI and the document itself are not operations either.
    expect(paths.filter((path) => path.startsWith('/api/docs') || path === '/api/v1/openapi.json')).toEqual([]);
  });

  it('documents every API route with the security its access rule asks for', () => {
    const routes = server.app.routeAccess.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        route.url !== '/api/v1/openapi.json' &&
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS',
    );
    expect(routes.length).toBe(operations().length);
    const session = { sessionCookie: [] };
    const csrf = { csrfCookie: [], csrfHeader: [] };
    const token = { apiToken: [] };
    for (const route of routes) {
      const where = `${route.method} ${route.url} (${route.access})`;
      const operation = document.paths[documentedPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, where).toBeDefined();
      const write = route.method !== 'GET';
      // An API token is the other way in, and never needs the CSRF pair.
      const expected =
        route.access === 'public' ? (write ? [csrf, token] : []) : [write ? { ...session, ...csrf } : session, token];
      expect(operation!.security, where).toEqual(expected);
      expect(operation!['x-access'], where).toBe(route.access);
      const statuses = Object.keys(operation!.responses);
      // Public routes may list 401 too (sign-in refuses wrong credentials with it).
      if (route.access !== 'public') expect(statuses, where).toContain('401');
      if (route.access === 'editor' || route.access === 'admin' || write) expect(statuses, where).toContain('403');
      if (route.url.includes('/:')) expect(statuses, where).toContain('404');
      if (['POST', 'PUT', 'PATCH'].includes(route.method))
        expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
      expect(statuses, where).toContain('500');
      expect(
        statuses.some((status) => status.startsWith('2')),
        where,
      ).toBe(true);
    }
  });

  it('has the cookie session, the x-csrf-token header and the bearer API token as security schemes', () => {
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'ca_session' },
      apiToken: { type: 'http', scheme: 'bearer' },
      csrfCookie: { type: 'apiKey', in: 'cookie', name: 'ca_csrf' },
      csrfHeader: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
    });
  });

  it('describes the navigation tree as a schema that refers to itself', () => {
    const node = document.components.schemas['NavigationNode'] as {
      properties: { children: { type: string; items: { $ref: string } } };
    };
    expect(node.properties.children).toEqual({ type: 'array', items: { $ref: '#/components/schemas/NavigationNode' } });
    const tree = document.paths['/api/v1/navigation']?.['get']?.responses['200'];
    expect(collectRefs(tree)).toContain('#/components/schemas/NavigationNode');
    // Every reference in the document resolves to something that is there.
    for (const ref of new Set(collectRefs(document))) {
      const [, kind, name] = ref.match(/^#\/components\/(schemas|responses)\/(.+)$/) ?? [];
      expect(kind, ref).toBeDefined();
      expect(document.components[kind as 'schemas' | 'responses'][name!], ref).toBeDefined();
    }
  });

  it('documents the data of every block type from the registry, the facts block included', () => {
    const body = (
      document.paths['/api/v1/pages/{id}/blocks']?.['post'] as unknown as {
        requestBody: { content: Record<string, { schema: unknown }> };
      }
    ).requestBody.content['application/json']?.schema;
    const refs = new Set(collectRefs(body));
    const named = (base: string) =>
      [...refs].find((ref) => ref === `#/components/schemas/${base}` || ref === `#/components/schemas/${base}Input`);
    for (const type of blockTypes) {
      const base = `${type.charAt(0).toUpperCase()}${type.slice(1)}BlockData`;
      expect(named(base), base).toBeDefined();
    }
    const facts = document.components.schemas[named('FactsBlockData')!.split('/').pop()!] as {
      description: string;
      properties: {
        title: unknown;
        facts: { items: { required: string[]; properties: { icon: { enum: string[] }; label: unknown } } };
      };
    };
    expect(facts.description).toContain('Facts block');
    expect(facts.properties.facts.items.required).toEqual(expect.arrayContaining(['label', 'value']));
    expect(facts.properties.facts.items.properties.icon.enum).toEqual(expect.arrayContaining(['', 'map-pin', 'gauge']));
    const features = document.components.schemas[named('FeaturesBlockData')!.split('/').pop()!] as {
      properties: { features: { items: { properties: { icon: { enum: string[] } } } } };
    };
    expect(features.properties.features.items.properties.icon.enum).toContain('lightbulb');
  });

  it('names the error body and answers each error status with it', () => {
    expect(document.components.schemas['Error']).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
        },
      },
    });
    const named = {
      400: 'BadRequest',
      401: 'Unauthenticated',
      403: 'Forbidden',
      404: 'NotFound',
      409: 'Conflict',
      413: 'PayloadTooLarge',
      429: 'TooManyRequests',
      500: 'InternalError',
      503: 'ServiceUnavailable',
    };
    for (const [status, name] of Object.entries(named)) {
      const response = document.components.responses[name];
      expect(response?.description, name).toBeTruthy();
      expect(response?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
      expect(
        operations().some(({ operation }) => operation.responses[status]?.$ref === `#/components/responses/${name}`),
        `${status} is used`,
      ).toBe(true);
    }
    for (const { method, path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        // /api/health answers 503 with its own health body; every other error is the Error body.
        if (Number(status) >= 400 && path !== '/api/health') {
          expect(response.$ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/responses\//);
        }
      }
    }
  });

  it('lists the statuses the server really answers with', async () => {
    const documented = (method: string, path: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    const missingPage = await getJson(`${server.url}/api/v1/pages/by-slug/no-such-page`);
    expect(missingPage.status).toBe(404);
    expect(documented('get', '/api/v1/pages/by-slug/{slug}')).toContain('404');
    const anonymous = await getJson(`${server.url}/api/v1/media`);
    expect(anonymous.status).toBe(401);
    expect(documented('get', '/api/v1/media')).toContain('401');
    const tooLong = await getJson(`${server.url}/api/v1/search?q=${'a'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(documented('get', '/api/v1/search')).toContain('400');
    const noCsrf = await getJson(`${server.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCsrf.status).toBe(403);
    expect(documented('post', '/api/v1/auth/sign-in')).toContain('403');
    // A public read with no inputs has no 400, 401 or 404 to document.
    expect(documented('get', '/api/v1/settings/seo')).toEqual(['200', '500', '503']);
  });

  it('serves the reference UI at /api/docs, pointed at this same document', async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const initializer = await fetch(`${server.url}/api/docs/static/swagger-initializer.js`);
    expect(initializer.status).toBe(200);
    expect(await initializer.text()).toContain("url: resolveUrl('./json')");
    const uiDocument = await getJson<OpenApiDocument>(`${server.url}/api/docs/json`);
    expect(uiDocument.body).toEqual(document);
  });
});
