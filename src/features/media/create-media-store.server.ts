import path from 'node:path';
import type { AppConfig } from '../../platform/env.server';
import { LocalMediaStore } from './local-storage.server';
import { S3MediaStore } from './s3-storage.server';
import type { MediaStore } from './storage.server';

/** S3-compatible storage when S3_BUCKET (and its keys) are set, else DATA_DIR/media (decision 21). */
export function createMediaStore(config: AppConfig): MediaStore {
  if (config.s3) return new S3MediaStore(config.s3);
  return new LocalMediaStore(path.join(config.dataDir, 'media'));
}
