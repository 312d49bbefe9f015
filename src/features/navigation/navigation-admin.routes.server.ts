import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { updateSchemaOf } from '../../shared/lib/update-schema';
import { locales } from '../../shared/lib/locale';
import { menuTypes, navigationItemDtoSchema, navigationNodeSchema } from './navigation.dto';
import { movePositions } from './navigation-move';
import {
  createNavigationItem,
  deleteNavigationItem,
  listAdminNavigation,
  moveNavigation,
  updateNavigationItem,
} from './navigation.service.server';

const editor = { access: 'editor' } as const;
const writeErrors = { ...errorResponses, 409: errorResponses[400] };
const treeResponse = z.object({ items: z.array(navigationNodeSchema) });

/*
 * The bodies below describe the wire types only. The rules (title and URL required, allowed link
 * schemes, lengths) live in navigation.schema.ts, shared with the admin dialogs; the service
 * applies them so a refusal carries the spec's exact sentence ('Please provide both title and URL.')
 * and the field.
 */
const text = z.string().max(10_000);
const createBody = z.object({
  title: text.default('').describe('Must not be blank (spec: "Please provide both title and URL.")'),
  link_url: text.default('').describe("A site path like '/cenote-diving' or an http(s) address; nothing else"),
  description: text.nullish(),
  menu_type: z.enum(menuTypes),
  parent_id: z.uuid().nullish().describe('Null or absent for a top-level item; the parent must be in the same menu'),
  image_id: z.uuid().nullish(),
  display_order: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe(
      'Place among its siblings, 1 = first; siblings at or after it move down by one. Absent or past the end: last',
    ),
  locale: z.enum(locales).default('en').describe("The menu's language (decision 44); a parent must be in it too"),
});
/** Only the fields sent change (decision 45); menu and parent change with the move route. */
const patchBody = updateSchemaOf(
  createBody
    .omit({ menu_type: true, parent_id: true, display_order: true, locale: true })
    .extend({ is_active: z.boolean() }),
).extend({
  version: z.number().int().min(1).describe('The version you read; a stale one gets 409 version_conflict'),
});
const moveBody = z.object({
  targetId: z.uuid().describe('The item the dragged item was dropped onto'),
  position: z
    .enum(movePositions)
    .describe('before / after: sibling of the target at its place; inside: last child of the target'),
});

export const navigationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('editor');

  app.get(
    '/api/v1/navigation/admin',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['navigation'],
        summary: 'Every item of one menu, inactive ones too, as a tree in display_order, with their image',
        querystring: z.object({
          menu: z.enum(menuTypes).default('header'),
          locale: z.enum(locales).default('en').describe("The menu's language (decision 44)"),
        }),
        response: { 200: treeResponse, ...errorResponses },
      },
    },
    async (request) => ({ items: await listAdminNavigation(app.db, request.query.menu, request.query.locale) }),
  );

  app.post(
    '/api/v1/navigation',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['navigation'],
        summary: 'Add an item (active; last among its siblings, or at display_order)',
        body: createBody,
        response: { 201: z.object({ item: navigationItemDtoSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const item = await createNavigationItem(app.db, request.body);
      app.contentChanged({ scope: 'site' });
      void reply.status(201);
      return { item };
    },
  );

  app.patch(
    '/api/v1/navigation/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['navigation'],
        summary: 'Change an item (title, URL, description, active flag, image); send the version you read',
        params: z.object({ id: z.uuid() }),
        body: patchBody,
        response: { 200: z.object({ item: navigationItemDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const item = await updateNavigationItem(app.db, request.params.id, request.body);
      app.contentChanged({ scope: 'site' });
      return { item };
    },
  );

  app.delete(
    '/api/v1/navigation/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['navigation'],
        summary: 'Delete an item and its sub-items; its siblings close the gap (orders 1..n)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteNavigationItem(app.db, request.params.id);
      app.contentChanged({ scope: 'site' });
      void reply.status(204);
      return null;
    },
  );

  app.post(
    '/api/v1/navigation/:id/move',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['navigation'],
        summary:
          'Drag and drop: place the item before, after or inside the target, in one transaction (may cross menus)',
        params: z.object({ id: z.uuid() }),
        body: moveBody,
        response: { 200: treeResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { items } = await moveNavigation(app.db, request.params.id, request.body);
      app.contentChanged({ scope: 'site' });
      return { items };
    },
  );
};
