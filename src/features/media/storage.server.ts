import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../../platform/env.server';
import { S3MediaStore } from './s3-storage.server';

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** Where image files live: a folder by default, S3-compatible storage when configured. */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Keys are ours (seed/<name>.jpg, u/<id>.webp): lowercase, no '..', no leading slash. */
export const mediaKeyPattern = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/;

export function isValidMediaKey(key: string): boolean {
  return key.length <= 200 && mediaKeyPattern.test(key) && !key.includes('..');
}

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

export function contentTypeForKey(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private pathFor(key: string): string {
    if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, target);
  }

  async get(key: string): Promise<StoredObject | undefined> {
    if (!isValidMediaKey(key)) return undefined;
    const file = this.pathFor(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return { body: createReadStream(file), size: info.size, contentType: contentTypeForKey(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidMediaKey(key)) return false;
    try {
      return (await stat(this.pathFor(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }
}

/** S3-compatible storage when S3_BUCKET (and its keys) are set, else DATA_DIR/media (decision 21). */
export function createMediaStore(config: AppConfig): MediaStore {
  if (config.s3) return new S3MediaStore(config.s3);
  return new LocalMediaStore(path.join(config.dataDir, 'media'));
}
