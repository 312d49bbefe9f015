import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.server';
import { errorResponses } from '../../platform/http/error-responses';
import { auditRequest } from '../audit/audit.server';
import { BackupError } from './backup-archive.server';
import { backupTarget, exportAuditSummary, restoreAuditSummary } from './backup-audit.server';
import { restoreBackupFile } from './backup-restore.server';
import { maxBackupUploadBytes, restoreResponseSchema } from './backup.dto';
import { createBackupStream } from './backup.service.server';
import { removeStaleBackupTempDirs } from './backup-temp.server';
import { spoolBackupUpload } from './backup-upload.server';

const admin = { access: 'admin' } as const;

const toAppError = (error: unknown) =>
  error instanceof BackupError ? new AppError(error.statusCode, error.code, error.message, 'file') : error;

/**
 * Backups (decision 46, admin only): download the whole site as a streamed .tar.gz, and restore
 * one (after a dry run that only reports what it holds). The multipart parser is registered in
 * this plugin's scope only, with the backup's own size limit.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin');
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBackupUploadBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    throwFileSizeLimit: false,
  });
  await removeStaleBackupTempDirs(app.config.dataDir);

  app.get(
    '/api/v1/backup',
    {
      config: admin,
      preHandler: guard,
      // The archive is gzip already; the compression plugin must leave it alone.
      compress: false,
      schema: {
        tags: ['backup'],
        summary: 'Download a backup of the whole site (.tar.gz, streamed)',
        description: [
          'Pages (drafts, published copies, revisions, Trash), blocks, navigation, media folders, images with every',
          'stored file, SEO and performance settings and seed records; no accounts. A gzip-compressed tar (format',
          'version 3): manifest.json, tables/<table>.ndjson, media/<key>, end.json. Streamed as it is written; the',
          'site keeps serving meanwhile.',
        ].join(' '),
        produces: ['application/gzip'],
        response: { 200: z.any().describe('The .tar.gz archive (application/gzip)'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const backup = await createBackupStream({
        db: app.db,
        media: app.media,
        dataDir: app.config.dataDir,
        publicUrl: app.config.publicUrl,
        log: request.log,
      });
      // Recorded as the download starts: the archive is streamed, and a client that stops
      // reading half way has still asked for (and received part of) the site's content.
      try {
        await auditRequest(request, app.db, {
          action: 'backup.exported',
          target: backupTarget(backup.filename),
          summary: exportAuditSummary,
        });
      } catch (error) {
        // No download without its entry; closing the stream removes its temporary files.
        backup.stream.destroy();
        throw error;
      }
      void reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${backup.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      return backup.stream;
    },
  );

  app.post(
    '/api/v1/backup/restore',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['backup'],
        summary: 'Restore a backup (multipart field "file"); ?dry_run=true only reports what it holds',
        description: [
          'Replaces the content and media (pages with their published copies and revisions, blocks, navigation,',
          'folders, images and files, SEO and performance settings, seed records) and keeps the people (users,',
          'sessions, tokens; a revision keeps its author only where that account exists). Archives before version 3',
          'have no published copies: their published pages are published from the draft. Every row passes the API’s own',
          'validation; the first problem refuses the whole archive with 400 naming the table, row and field, and',
          'nothing changes. With dry_run=true the archive is read and checked completely and nothing changes.',
          'Archives up to 2 GB (413 beyond), unpacking to at most 4 GB, rows of at most 8 MB.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        querystring: z.object({
          dry_run: z.enum(['true', 'false']).optional().describe('true: check and summarize only'),
        }),
        response: {
          200: restoreResponseSchema,
          ...errorResponses,
          409: errorResponses[400],
          413: errorResponses[400],
          415: errorResponses[400],
        },
      },
    },
    async (request) => {
      const dryRun = request.query.dry_run === 'true';
      const upload = await spoolBackupUpload(request, app.config.dataDir);
      try {
        const summary = await restoreBackupFile(
          upload.file,
          { db: app.db, media: app.media, dataDir: app.config.dataDir, log: request.log },
          {
            dryRun,
            onApplied: (tx, restored) =>
              auditRequest(request, tx, {
                action: 'backup.restored',
                target: backupTarget('Uploaded backup'),
                summary: restoreAuditSummary(restored),
              }),
          },
        );
        if (!dryRun) {
          // Every page, the navigation and the settings changed: cached copies here and on the
          // other instances are dropped.
          app.contentChanged({ scope: 'site' });
          request.log.info({ summary }, 'backup restored');
        }
        return { summary, restored: !dryRun };
      } catch (error) {
        throw toAppError(error);
      } finally {
        await upload.remove();
      }
    },
  );
};
