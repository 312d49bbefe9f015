import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { blockDtoSchema } from '../pages/pages.dto';
import { autosaveQuerySchema } from '../pages/pages.schema';
import { toBlockDto } from '../pages/pages.serialize.server';
import { actorOf, type DraftSave } from '../publishing/publishing.service.server';
import { blockCreateSchema, blockPatchSchema } from './blocks.schema';
import { createBlock, deleteBlock, listPageBlocks, reorderBlocks, updateBlock } from './blocks.service.server';

const editor = { access: 'editor' } as const;
const writeErrors = { ...errorResponses, 409: errorResponses[400], 413: errorResponses[400] };

const pageBlocksResponseSchema = z.object({ blocks: z.array(blockDtoSchema) });

/** Block writes change the page's draft only: what visitors see changes when the page is published. */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('editor');
  const saveOf = (request: FastifyRequest, query?: { autosave?: 'true' | 'false' | undefined }): DraftSave => ({
    actor: actorOf(request.viewer?.user),
    autosave: query?.autosave === 'true',
  });

  app.get(
    '/api/v1/pages/:id/blocks',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['blocks'],
        summary: 'Every block of a page, inactive ones too, in block_order',
        params: z.object({ id: z.uuid() }),
        response: { 200: pageBlocksResponseSchema, ...errorResponses },
      },
    },
    // Kept as answered until pages or blocks change (ADR 044).
    async (request, reply) =>
      app.editorReadCache.answer(reply, `blocks:${request.params.id}`, pageBlocksResponseSchema, async () => ({
        blocks: (await listPageBlocks(app.db, request.params.id)).map(toBlockDto),
      })),
  );

  app.post(
    '/api/v1/pages/:id/blocks',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['blocks'],
        summary:
          'Add an active block at the end of the page (order = count + 1), or right after `after_id` (later blocks move down one)',
        params: z.object({ id: z.uuid() }),
        body: blockCreateSchema,
        response: { 201: z.object({ block: blockDtoSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const block = await createBlock(app.db, request.params.id, request.body, saveOf(request));
      void reply.status(201);
      return { block: toBlockDto(block) };
    },
  );

  app.put(
    '/api/v1/pages/:id/blocks/order',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['blocks'],
        summary: 'Reorder all blocks of a page in one transaction (orders become 1..n)',
        params: z.object({ id: z.uuid() }),
        body: z.object({ ids: z.array(z.uuid()).max(500) }),
        response: { 200: z.object({ blocks: z.array(blockDtoSchema) }), ...writeErrors },
      },
    },
    async (request) => {
      const blocks = await reorderBlocks(app.db, request.params.id, request.body.ids, saveOf(request));
      return { blocks: blocks.map(toBlockDto) };
    },
  );

  app.patch(
    '/api/v1/blocks/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['blocks'],
        summary:
          "Change a block of the page's draft (data and/or active flag); send the version you read (409 if stale)",
        params: z.object({ id: z.uuid() }),
        querystring: autosaveQuerySchema,
        body: blockPatchSchema,
        response: { 200: z.object({ block: blockDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const block = await updateBlock(app.db, request.params.id, request.body, saveOf(request, request.query));
      return { block: toBlockDto(block) };
    },
  );

  app.delete(
    '/api/v1/blocks/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['blocks'],
        summary: 'Delete a block; the remaining blocks close the gap',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteBlock(app.db, request.params.id, saveOf(request));
      void reply.status(204);
      return null;
    },
  );
};
