import path from 'node:path';
import type { Readable } from 'node:stream';

/*
 * The storage port: what media, backups and the seed need from wherever image files live. Its two
 * implementations (local-storage, s3-storage) depend on this file and never on each other;
 * create-media-store picks one from the configuration.
 */

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

/** The address a stored file is served at. */
export const mediaUrlOf = (key: string) => `/media/${key}`;

export function contentTypeForKey(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}
