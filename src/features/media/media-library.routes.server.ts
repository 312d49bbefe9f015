import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cutOffUploadMessage, markUploadSocket } from '../../platform/multipart/client-errors.server';
import {
  drain,
  removeStaleSpoolFiles,
  SpoolSourceError,
  spoolToFile,
  type SpooledFile,
} from '../../platform/multipart/spool.server';
import { AppError, badRequest } from '../../platform/http/app-error.server';
import { errorResponses } from '../../platform/http/error-responses';
import {
  checkImageHead,
  fileTooLarge,
  headBytes,
  imageQueueState,
  imageQueueLimits,
  ImageRejectedError,
  serverBusy,
  uploadLimits,
} from './image-pipeline.server';
import {
  bulkDeleteImagesSchema,
  bulkDeleteResultSchema,
  bulkMoveImagesSchema,
  bulkMoveResultSchema,
  createFolderSchema,
  imageListPageSchema,
  imageDtoSchema,
  maxAltTextLength,
  maxCaptionLength,
  mediaFolderDtoSchema,
  mediaInUseErrorSchema,
  updateFolderSchema,
  updateImageSchema,
  uploadErrorMessages,
  uploadErrorSchema,
} from './media.dto';
import {
  bulkDeleteImages,
  bulkMoveImages,
  createFolder,
  deleteFolder,
  deleteImage,
  getImage,
  listFolders,
  listImagePage,
  listImages,
  renameFolder,
  toImageDto,
  updateImage,
  uploadImage,
  type UploadFields,
} from './media.service.server';

const editor = { access: 'editor' } as const;
const writeErrors = {
  ...errorResponses,
  409: errorResponses[400],
  413: errorResponses[400],
  415: errorResponses[400],
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface FileFailure {
  filename: string;
  error: AppError;
}

/** One file part of an upload: spooled to disk, or refused while it was read. */
interface ReceivedFile {
  filename: string;
  spooled?: SpooledFile;
  refusal?: ImageRejectedError;
}

/** Where uploads wait on disk while the request is read and processed: DATA_DIR/tmp/uploads. */
export const uploadSpoolDirectory = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

/** Spooled files untouched this long belong to a process that died mid-upload. */
const staleSpoolMs = 60 * 60 * 1000;

const cutOffUpload = () => new AppError(400, 'invalid_upload', cutOffUploadMessage, 'file');

/**
 * What a failure while reading the multipart body means for the client. The body ending early
 * (the client went away, Content-Length not reached, no closing boundary) and a body that is not
 * multipart at all are the client's: 400. A failing disk stays a server error.
 */
function readFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(413, 'too_many_files', uploadErrorMessages.too_many_files.message, 'file');
  }
  const text = String(message);
  if (
    error instanceof SpoolSourceError ||
    code === 'FST_MP_PREMATURE_CLOSE' ||
    /unexpected end of (multipart data|form)|terminated early/i.test(text)
  ) {
    return cutOffUpload();
  }
  // busboy's words for a Content-Type without a usable boundary.
  if (/boundary not found|needle cannot/i.test(text)) {
    return new AppError(
      400,
      'invalid_upload',
      'The upload could not be read: it is not valid multipart/form-data. Please try again.',
      'file',
    );
  }
  return error;
}

/**
 * Reads the parts of an upload one at a time, never a whole file in memory: each file's first
 * bytes are checked (junk is refused and the rest of it discarded unread), then it is streamed
 * to a temporary file of at most 20 MB. Fields are collected for every file.
 */
async function receiveParts(
  request: FastifyRequest,
  directory: string,
  received: ReceivedFile[],
  fields: UploadFields,
): Promise<void> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await drain(part.file);
          continue;
        }
        const file: ReceivedFile = { filename: part.filename };
        received.push(file);
        try {
          file.spooled = await spoolToFile(part.file, {
            directory,
            maxBytes: uploadLimits.maxFileBytes,
            headBytes,
            inspect: (head) => void checkImageHead(head),
            tooLarge: fileTooLarge,
            prefix: 'upload-',
          });
        } catch (error) {
          if (!(error instanceof ImageRejectedError)) throw error;
          file.refusal = error;
        }
      } else if (typeof part.value === 'string') {
        readField(fields, part.fieldname, part.value, part.valueTruncated);
      }
    }
  } catch (error) {
    // What is left of the body is read and discarded, so the answer reaches the client and the
    // connection can be reused (no part is consumed any more).
    if (!request.raw.readableEnded && !request.raw.destroyed) {
      request.raw.unpipe();
      request.raw.resume();
    }
    throw readFailure(error);
  }
}

/** Reads the multipart fields of an upload; a bad field refuses the whole request (400 naming it). */
function readField(fields: UploadFields, name: string, value: string, truncated: boolean): void {
  if (name === 'folder_id') {
    const id = value.trim();
    if (id && !uuidPattern.test(id)) throw badRequest('invalid_input', 'folder_id: must be a folder id.', 'folder_id');
    fields.folder_id = id ? id.toLowerCase() : null;
  } else if (name === 'alt_text' || name === 'caption') {
    const max = name === 'alt_text' ? maxAltTextLength : maxCaptionLength;
    if (truncated || value.length > max) {
      const what = name === 'alt_text' ? 'Alt text' : 'Caption';
      throw badRequest('invalid_input', `${what} can be at most ${max} characters.`, name);
    }
    fields[name] = value;
  }
}

/**
 * The media library API (editor role): images with their variants, usage and SEO score, and
 * folders. Uploads are multipart; the parser is registered in this plugin's scope only.
 */
export const mediaLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('editor');
  const spoolDirectory = uploadSpoolDirectory(app.config.dataDir);
  app.addHook('onReady', async () => {
    const removed = await removeStaleSpoolFiles(spoolDirectory, staleSpoolMs);
    if (removed > 0) app.log.info({ removed }, 'removed temporary upload files left by an earlier process');
  });
  await app.register(fastifyMultipart, {
    // One byte over the limit, so an oversize file is seen as such (its stream is cut there).
    limits: {
      fileSize: uploadLimits.maxFileBytes + 1,
      files: uploadLimits.maxFiles,
      fields: 20,
      fieldSize: 16 * 1024,
      parts: 40,
    },
    throwFileSizeLimit: false,
  });

  app.get(
    '/api/v1/media',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary:
          'Images, newest first; folder=<id>|none filters by folder, q matches file name, alt text or caption (English or Spanish)',
        description: [
          'Without `limit` the answer is every matching image as `{images}`. With `limit` (1 to 100) it is one page,',
          '`{items, next_cursor}`; pass `next_cursor` as `cursor` (with the same filters and limit) for the next page.',
          'A cursor this server did not make answers 400 invalid_cursor.',
        ].join(' '),
        querystring: z.object({
          folder: z.union([z.literal('none'), z.uuid()]).optional(),
          q: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional().describe('Page size: answer one page'),
          cursor: z.string().max(200).optional().describe('next_cursor of the previous page (with limit)'),
        }),
        response: {
          200: z.union([z.object({ images: z.array(imageDtoSchema) }), imageListPageSchema]),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { limit, cursor, ...filter } = request.query;
      if (limit === undefined) {
        if (cursor !== undefined) throw badRequest('invalid_input', 'cursor: pass limit with cursor.', 'limit');
        return { images: (await listImages(app.db, filter)).map(toImageDto) };
      }
      const page = await listImagePage(app.db, { ...filter, limit, cursor });
      return { items: page.items.map(toImageDto), next_cursor: page.next_cursor };
    },
  );

  app.post(
    '/api/v1/media/bulk-move',
    {
      config: { ...editor, alsoAnswers: [404] },
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Move several images into a folder (folder_id null: out of any folder)',
        description: [
          'All the listed images that exist are moved in one statement. Ids that name no image (deleted meanwhile)',
          'are listed in `not_found` and do not fail the request. A folder that does not exist answers',
          '404 folder_not_found and moves nothing.',
        ].join(' '),
        body: bulkMoveImagesSchema,
        response: { 200: bulkMoveResultSchema, ...writeErrors },
      },
    },
    async (request) => {
      const result = await bulkMoveImages(app.db, request.body);
      if (result.moved > 0) app.contentChanged({ scope: 'site' });
      return result;
    },
  );

  app.post(
    '/api/v1/media/bulk-delete',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Delete several images and all their files, or none when any of them is in use',
        description: [
          'All or nothing: when any listed image is used (page blocks, draft or live, a page social image, a',
          'navigation item, the default social image) nothing is deleted and the answer is 409 media_in_use with',
          '`error.in_use`: each used image with the pages that show it. Ids that name no image are listed in',
          '`not_found`. Unlike `DELETE /api/v1/media/:id`, a used image is never deleted here (decision 034).',
        ].join(' '),
        body: bulkDeleteImagesSchema,
        response: { 200: bulkDeleteResultSchema, ...writeErrors, 409: mediaInUseErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await bulkDeleteImages({ db: app.db, media: app.media, log: request.log }, request.body.ids);
      if (outcome.kind === 'in_use') {
        const count = outcome.in_use.length;
        void reply.status(409);
        return {
          error: {
            code: 'media_in_use',
            message: `Nothing was deleted: ${count} of the ${request.body.ids.length} images ${
              count === 1 ? 'is' : 'are'
            } in use. Remove ${count === 1 ? 'it' : 'them'} from the pages listed first, or delete only the unused ones.`,
            in_use: outcome.in_use,
          },
        };
      }
      if (outcome.deleted.length > 0) app.contentChanged({ scope: 'site' });
      return { deleted: outcome.deleted.length, not_found: outcome.not_found };
    },
  );

  app.post(
    '/api/v1/media',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Upload images (multipart/form-data)',
        description: [
          'One or several files (up to 10) in the field `file`; optional fields `folder_id`, `alt_text`, `caption`',
          'apply to each. Each file must really be a JPEG, PNG, WebP, AVIF or GIF (checked by content, not by name or',
          'type), at most 20 MB and 40 megapixels. It is rotated upright, stripped of all metadata (GPS included),',
          'fitted to 1920 wide (landscape) or 1080 tall (portrait) and stored as JPEG, WebP and AVIF (as the',
          'performance settings say) plus a 400 px WebP thumbnail. 201 when at least one file was stored; files that',
          'failed are listed in `errors`. When none was stored, the first failure is the answer (400 invalid_file,',
          '413 payload_too_large or image_too_large, ...). Files are read as streams: a file that does not start like',
          'an image is refused after its first bytes. A body cut off before it ends answers 400 invalid_upload; when',
          'too many images already wait to be processed, 503 server_busy with Retry-After.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ images: z.array(imageDtoSchema), errors: z.array(uploadErrorSchema).optional() }),
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'unsupported_media_type',
          'Send the images as multipart/form-data, in the field "file".',
        );
      }
      // Refused before the body is read when images are already queued up (the server discards the body).
      if (imageQueueState().waiting >= imageQueueLimits.waiting) throw serverBusy();
      const received: ReceivedFile[] = [];
      const fields: UploadFields = { folder_id: null, alt_text: null, caption: null };
      const unmark = markUploadSocket(request.raw.socket);
      try {
        try {
          await receiveParts(request, spoolDirectory, received, fields);
        } finally {
          unmark();
        }
        if (received.length === 0) throw new ImageRejectedError(400, 'invalid_file');

        const deps = { db: app.db, media: app.media, log: request.log };
        const stored = [];
        const failures: FileFailure[] = [];
        for (const file of received) {
          try {
            if (file.refusal) throw file.refusal;
            stored.push(await uploadImage(deps, { filename: file.filename, source: file.spooled! }, fields));
          } catch (error) {
            if (error instanceof AppError) {
              failures.push({ filename: file.filename, error });
            } else {
              request.log.error({ err: error, filename: file.filename }, 'upload failed');
              failures.push({
                filename: file.filename,
                error: new AppError(500, 'upload_failed', uploadErrorMessages.upload_failed.message),
              });
            }
          } finally {
            await file.spooled?.cleanup();
          }
        }
        const first = failures[0];
        if (stored.length === 0 && first) {
          const { statusCode, code, message, headers } = first.error;
          throw new AppError(statusCode, code, message, 'file', headers);
        }
        app.contentChanged({ scope: 'site' });
        const images = stored.map(toImageDto);
        if (failures.length === 0) {
          void reply.status(201);
          return { images };
        }
        void reply.status(201);
        return {
          images,
          errors: failures.map(({ filename, error }) => ({ filename, code: error.code, message: error.message })),
        };
      } finally {
        await Promise.all(received.map((file) => file.spooled?.cleanup()));
      }
    },
  );

  app.get(
    '/api/v1/media/folders',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Media folders ordered by name',
        response: { 200: z.object({ folders: z.array(mediaFolderDtoSchema) }), ...errorResponses },
      },
    },
    async () => ({ folders: await listFolders(app.db) }),
  );

  app.post(
    '/api/v1/media/folders',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Create a folder (a blank name is refused: "Please enter a folder name.")',
        body: createFolderSchema,
        response: { 201: z.object({ folder: mediaFolderDtoSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const folder = await createFolder(app.db, request.body);
      void reply.status(201);
      return { folder };
    },
  );

  app.patch(
    '/api/v1/media/folders/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Rename a folder',
        params: z.object({ id: z.uuid() }),
        body: updateFolderSchema,
        response: { 200: z.object({ folder: mediaFolderDtoSchema }), ...writeErrors },
      },
    },
    async (request) => ({ folder: await renameFolder(app.db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/media/folders/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Delete a folder and its subfolders; their images stay, outside any folder',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteFolder(app.db, request.params.id);
      void reply.status(204);
      return null;
    },
  );

  app.get(
    '/api/v1/media/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'One image',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ image: imageDtoSchema }), ...errorResponses },
      },
    },
    async (request) => ({ image: toImageDto(await getImage(app.db, request.params.id)) }),
  );

  app.patch(
    '/api/v1/media/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary:
          'Edit alt text, caption (English and Spanish), category, folder or focal point; send the version you read (409 if stale)',
        description: [
          'Only the fields the body names change (decision 45). Texts are trimmed; an empty one is stored as null.',
          '`alt_text_es` and `caption_es` are what Spanish pages show; a Spanish page whose image has no',
          '`alt_text_es` uses `alt_text`.',
        ].join(' '),
        params: z.object({ id: z.uuid() }),
        body: updateImageSchema,
        response: { 200: z.object({ image: imageDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const image = await updateImage(app.db, request.params.id, request.body);
      app.contentChanged({ scope: 'site' });
      return { image: toImageDto(image) };
    },
  );

  app.delete(
    '/api/v1/media/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['media'],
        summary: 'Delete an image and all its files (also when used: check usage_count first)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteImage({ db: app.db, media: app.media, log: request.log }, request.params.id);
      app.contentChanged({ scope: 'site' });
      void reply.status(204);
      return null;
    },
  );
};
