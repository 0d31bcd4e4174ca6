import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import {
  assertObjectKey,
  type ByteRange,
  type ObjectStore,
  type StoredObject,
} from './object-store.js';

/** Bytes per multipart part: S3's smallest, so a write holds at most one part in memory. */
const PART_BYTES = 5 * 1024 * 1024;

export interface S3StoreOptions {
  bucket: string;
  /** Any S3-compatible service (MinIO, Ceph, R2, …); left out, AWS itself. */
  endpoint?: string;
  region: string;
  /** Left out, the AWS SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path rather than the host name, as most S3-compatible services need. */
  forcePathStyle: boolean;
}

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404;
}

/**
 * Objects in a bucket of any S3-compatible store, through the AWS SDK v3. Writes stream as a
 * multipart upload of 5 MB parts, one at a time (an object appears only once complete, and a
 * failed source aborts the upload); reads stream the response body, a range as a `Range` GET.
 */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    };
    this.client = new S3Client(config);
  }

  async put(key: string, content: Readable): Promise<StoredObject> {
    assertObjectKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: content },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
    const written = await this.stat(key);
    if (!written) throw new Error(`object vanished after writing: ${key}`);
    return written;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertObjectKey(key);
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date() };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    assertObjectKey(key);
    return Readable.from(this.chunks(key, range), { objectMode: false });
  }

  async remove(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Stops the client's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }

  private async *chunks(key: string, range?: ByteRange): AsyncGenerator<Buffer> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error(`no body for object ${key}`);
    for await (const chunk of answer.Body) yield chunk as Buffer;
  }
}
