import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../platform/env.server';
import { contentTypeForKey, isValidMediaKey, type MediaStore, type StoredObject } from './storage.server';

/** Stored file names are unique (u/<uuid>…, seed/<name>…), so every object is immutable. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

export type S3Config = NonNullable<AppConfig['s3']>;

type S3Sdk = typeof S3SdkModule;
let sdkLoad: Promise<S3Sdk> | undefined;

/**
 * The AWS SDK is loaded when S3 storage is first used: it is ~6 MB of JavaScript heap and ~30 MB of
 * resident memory, which a server on local storage never needs (ADR 045).
 */
function s3Sdk(): Promise<S3Sdk> {
  return (sdkLoad ??= import('@aws-sdk/client-s3'));
}

/** A client for the configured bucket; a custom endpoint (MinIO, R2, …) uses path-style addressing. */
export async function createS3Client(config: S3Config): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
  });
}

const isMissing = (error: unknown, { S3ServiceException }: S3Sdk) =>
  error instanceof S3ServiceException
    ? error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404
    : false;

/** S3-compatible object storage behind the same MediaStore interface as the local folder. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly bucket: string;

  private clientLoad: Promise<Pick<S3Client, 'send'>> | undefined;

  constructor(
    private readonly config: S3Config,
    /** A stand-in for the SDK's client (tests); by default one is made on first use. */
    private readonly givenClient?: Pick<S3Client, 'send'>,
  ) {
    this.bucket = config.bucket;
  }

  /** The SDK's commands and the client, both loaded on first use. */
  private async connect(): Promise<{ sdk: S3Sdk; client: Pick<S3Client, 'send'> }> {
    this.clientLoad ??= this.givenClient ? Promise.resolve(this.givenClient) : createS3Client(this.config);
    const [sdk, client] = await Promise.all([s3Sdk(), this.clientLoad]);
    return { sdk, client };
  }

  private check(key: string): void {
    if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.check(key);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
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
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
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
      if (isMissing(error, sdk)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidMediaKey(key)) return false;
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error, sdk)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    this.check(key);
    const { sdk, client } = await this.connect();
    // S3 answers 204 for a key that does not exist, so deleting twice is fine.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
