import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStorage, FileUpload, StoredFile } from '../../application/shared/marketplace-ports.ts';
import { MAX_FILE_SIZE_BYTES } from '../../domain/project/files.ts';
import { checkUpload, describeByName, isStoredName } from './upload-stream.ts';

export interface S3StorageSettings {
  bucket: string;
  /** Custom endpoint for MinIO, Cloudflare R2 or a local fake; unset for AWS S3. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path instead of the host name (MinIO and most S3-compatible servers). */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `uploads/`. */
  prefix?: string;
}

/** An S3 client set up for S3-compatible servers as well as AWS. */
export function createS3Client(settings: S3StorageSettings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: MinIO, R2 and older S3-compatible servers do not all
    // understand the aws-chunked trailing checksums that newer SDKs send by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (settings.accessKeyId && settings.secretAccessKey) {
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  }
  return new S3Client(config);
}

export interface S3FileStorageOptions {
  client: S3Client;
  bucket: string;
  prefix?: string;
  /** Largest accepted file in bytes; default 80 MB. */
  maxBytes?: number;
  /** Multipart part size in bytes (S3's minimum is 5 MiB). Memory per upload is about partSize × queueSize. */
  partSize?: number;
  onRemoveError?: (name: string, error: unknown) => void;
}

/** Metadata keys are ASCII-only in S3: the display name travels URI-encoded. */
const ORIGINAL_NAME = 'original-name';

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * FileStorage on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2), so that every API instance
 * behind a load balancer serves every upload. The same checks as on disk run first (type from the
 * content, 80 MB limit, adapters/storage/upload-stream.ts); the content is then streamed to the bucket
 * with a multipart upload, a part at a time, never held whole. A refused or failed upload is aborted, so
 * no object or orphan part is left. The display name and type are kept as object metadata.
 */
export class S3FileStorage implements FileStorage {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #maxBytes: number;
  readonly #partSize: number;
  readonly #onRemoveError: (name: string, error: unknown) => void;

  constructor(options: S3FileStorageOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix ?? '';
    this.#maxBytes = options.maxBytes ?? MAX_FILE_SIZE_BYTES;
    this.#partSize = options.partSize ?? 5 * 1024 * 1024;
    this.#onRemoveError = options.onRemoveError ?? (() => {});
  }

  #key(name: string): string {
    return `${this.#prefix}${name}`;
  }

  async save(input: FileUpload): Promise<StoredFile> {
    const upload = await checkUpload(input, this.#maxBytes);
    const { name, originalName, mimeType } = upload;
    // Our own refusal (FILE_TOO_LARGE) must reach the caller, not whatever the abort that follows it says.
    let refused: unknown;
    async function* body(): AsyncGenerator<Uint8Array> {
      try {
        yield* upload.content;
      } catch (error) {
        refused = error;
        throw error;
      }
    }
    const transfer = new Upload({
      client: this.#client,
      params: {
        Bucket: this.#bucket,
        Key: this.#key(name),
        Body: Readable.from(body(), { objectMode: false }),
        ContentType: mimeType,
        Metadata: { [ORIGINAL_NAME]: encodeURIComponent(originalName) },
      },
      partSize: this.#partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await transfer.done();
    } catch (error) {
      // A multipart upload is aborted by lib-storage; a single-part one may have landed: remove it.
      await this.remove([name]).catch(() => undefined);
      throw refused ?? error;
    }
    return { name, originalName, mimeType, size: upload.bytesRead() };
  }

  async remove(names: readonly string[]): Promise<void> {
    const valid = names.filter(isStoredName);
    for (let i = 0; i < valid.length; i += 1000) {
      const batch = valid.slice(i, i + 1000);
      try {
        const result = await this.#client.send(
          new DeleteObjectsCommand({
            Bucket: this.#bucket,
            Delete: { Objects: batch.map((name) => ({ Key: this.#key(name) })), Quiet: true },
          }),
        );
        for (const failure of result.Errors ?? []) {
          const name = (failure.Key ?? '').slice(this.#prefix.length);
          if (failure.Code !== 'NoSuchKey') this.#onRemoveError(name, new Error(failure.Message));
        }
      } catch (error) {
        for (const name of batch) this.#onRemoveError(name, error);
      }
    }
  }

  async describe(names: readonly string[]): Promise<StoredFile[]> {
    return Promise.all(names.map((name) => this.#describeOne(name)));
  }

  async open(name: string): Promise<{ file: StoredFile; stream: NodeJS.ReadableStream } | null> {
    if (!isStoredName(name)) return null;
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(name) }),
      );
      const file: StoredFile = {
        ...describeByName(name),
        originalName: decodeName(object.Metadata?.[ORIGINAL_NAME]) ?? name,
        size: object.ContentLength ?? 0,
      };
      return { file, stream: object.Body as Readable };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async #describeOne(name: string): Promise<StoredFile> {
    const fallback = describeByName(name);
    if (!isStoredName(name)) return fallback;
    try {
      const head = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(name) }),
      );
      return {
        ...fallback,
        originalName: decodeName(head.Metadata?.[ORIGINAL_NAME]) ?? name,
        size: head.ContentLength ?? 0,
      };
    } catch {
      return fallback;
    }
  }
}

function decodeName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
