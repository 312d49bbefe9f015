import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../platform/env.server';
import { contentTypeForKey, isValidMediaKey, type MediaStore, type StoredObject } from './storage.server';

/** Stored file names are unique (u/<uuid>…, seed/<name>…), so every object is immutable. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

export type S3Config = NonNullable<AppConfig['s3']>;

/** A client for the configured bucket; a custom endpoint (MinIO, R2, …) uses path-style addressing. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException
    ? error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404
    : false;

/** S3-compatible object storage behind the same MediaStore interface as the local folder. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly bucket: string;

  constructor(
    config: S3Config,
    readonly client: Pick<S3Client, 'send'> = createS3Client(config),
  ) {
    this.bucket = config.bucket;
  }

  private check(key: string): void {
    if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.check(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: contentType || contentTypeForKey(key),
        CacheControl: immutableCacheControl,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    if (!isValidMediaKey(key)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = object.Body;
      if (!body) return undefined;
      // In Node.js the SDK answers with an IncomingMessage; other runtimes give a web stream.
      const stream =
        body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as WebReadableStream);
      return {
        body: stream,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType || contentTypeForKey(key),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidMediaKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    this.check(key);
    // S3 answers 204 for a key that does not exist, so deleting twice is fine.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
