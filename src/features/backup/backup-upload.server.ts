import type { FastifyRequest } from 'fastify';
import { SpoolSourceError, spoolToFile } from '../../platform/multipart/spool.server';
import { AppError } from '../../platform/http/app-error.server';
import { maxBackupUploadBytes } from './backup.dto';
import { makeBackupTempDir, removeTempDir } from './backup-temp.server';

export const uploadMessages = {
  notMultipart: 'Send the backup as multipart/form-data, in the field "file".',
  noFile: 'Choose a backup file (.tar.gz) to restore.',
  tooLarge: (max: number) =>
    `The backup file is larger than ${Math.round(max / 1024 ** 3)} GB, the most a restore takes. Nothing was changed.`,
} as const;

export interface SpooledUpload {
  file: string;
  bytes: number;
  /** Removes the spooled file and its folder. */
  remove(): Promise<void>;
}

/**
 * Streams the multipart field `file` to a temporary file, never holding more than a chunk in
 * memory, and stops at `maxBytes` (413). Other fields and files are read past and ignored.
 */
export async function spoolBackupUpload(
  request: FastifyRequest,
  dataDir: string,
  maxBytes = maxBackupUploadBytes,
): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', uploadMessages.notMultipart, 'file');
  const directory = await makeBackupTempDir(dataDir, 'upload');
  const remove = () => removeTempDir(directory);
  try {
    let spooled: { file: string; bytes: number } | undefined;
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || spooled !== undefined) {
        part.file.resume();
        continue;
      }
      const file = await spoolToFile(part.file, {
        directory,
        maxBytes,
        prefix: 'backup-',
        tooLarge: () => new AppError(413, 'payload_too_large', uploadMessages.tooLarge(maxBytes), 'file'),
      });
      // The parser's fileSize limit (the same number) ends the stream at the limit without an error.
      if (part.file.truncated) throw new AppError(413, 'payload_too_large', uploadMessages.tooLarge(maxBytes), 'file');
      spooled = { file: file.path, bytes: file.size };
    }
    if (spooled === undefined || spooled.bytes === 0) {
      throw new AppError(400, 'missing_file', uploadMessages.noFile, 'file');
    }
    return { ...spooled, remove };
  } catch (error) {
    await remove();
    // The parser's own error (a cut-off body…) goes on to the error handler as it is.
    if (error instanceof SpoolSourceError) throw error.cause;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError(400, 'too_many_files', 'Send one backup file at a time.', 'file');
    }
    throw error;
  }
}
