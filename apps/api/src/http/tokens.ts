import type { ServiceIdentifier } from 'inversify';
import type { FileStorage, PlatformSettings, StoredFile } from '#application/shared/marketplace-ports.ts';
import type { Clock, IdempotencyStore } from '#application/shared/ports.ts';

/** An opened stored file, ready to stream to a client. */
interface OpenedUpload {
  file: StoredFile;
  stream: NodeJS.ReadableStream;
}

/** The FileStorage port plus what the HTTP layer needs to show and serve the stored files. */
export interface UploadStore extends FileStorage {
  /** What is known of stored files (original name, type, size), in the order given. */
  describe(names: readonly string[]): Promise<StoredFile[]>;
  /** A file this storage issued, or null for any other name (malformed, unknown or missing). */
  open(name: string): Promise<OpenedUpload | null>;
  /** A small WebP of a stored image (made on first request), or null when there is none to make. */
  thumbnail(name: string): Promise<OpenedUpload | null>;
}

/** Identifiers of what the routes take from the composition root besides use cases. */
export const HTTP_TOKENS = {
  Uploads: Symbol('UploadStore') as ServiceIdentifier<UploadStore>,
  Settings: Symbol('PlatformSettings') as ServiceIdentifier<PlatformSettings>,
  Idempotency: Symbol('IdempotencyStore') as ServiceIdentifier<IdempotencyStore>,
  Clock: Symbol('HttpClock') as ServiceIdentifier<Clock>,
};
