import { createReadStream, createWriteStream, mkdirSync, type ReadStream } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, FileUpload, StoredFile } from '../../application/shared/marketplace-ports.ts';
import { MAX_FILE_SIZE_BYTES } from '../../domain/project/files.ts';
import { checkUpload, describeByName, isStoredName } from './upload-stream.ts';

/** An opened stored file, ready to stream to a client. */
export interface OpenedFile {
  file: StoredFile;
  stream: ReadStream;
}

export interface DiskFileStorageOptions {
  /** The folder the uploads live in (DATA_DIR/uploads); created when missing. */
  directory: string;
  /** Largest accepted file in bytes; default 80 MB. */
  maxBytes?: number;
  /** Where failures to remove files are reported (they are otherwise swallowed). */
  onRemoveError?: (name: string, error: unknown) => void;
}

/**
 * FileStorage on the local disk. Each upload is streamed (never buffered) to a temporary file, its type
 * is recognised from its first bytes, and it is renamed to `{uuid}.{ext}` when complete. What the user
 * called it, its type and size are kept next to it in `{name}.json` for display and downloads.
 */
export class DiskFileStorage implements FileStorage {
  readonly #directory: string;
  readonly #maxBytes: number;
  readonly #onRemoveError: (name: string, error: unknown) => void;

  constructor(options: DiskFileStorageOptions) {
    this.#directory = options.directory;
    this.#maxBytes = options.maxBytes ?? MAX_FILE_SIZE_BYTES;
    this.#onRemoveError = options.onRemoveError ?? (() => {});
    mkdirSync(this.#directory, { recursive: true });
  }

  get directory(): string {
    return this.#directory;
  }

  /**
   * Streams the upload to disk. Refuses (400, nothing kept) a type other than images, PDF, doc and docx,
   * judged from the content; refuses (413, nothing kept) past maxBytes. The declared `mimeType` is ignored.
   */
  async save(input: FileUpload): Promise<StoredFile> {
    const upload = await checkUpload(input, this.#maxBytes);
    const { name, originalName, mimeType } = upload;
    const partial = join(this.#directory, `${name}.part`);
    try {
      await pipeline(upload.content, createWriteStream(partial, { flags: 'wx', mode: 0o640 }));
      const stored: StoredFile = { name, originalName, mimeType, size: upload.bytesRead() };
      await writeFile(this.#metaPath(name), JSON.stringify(stored), { mode: 0o640 });
      await rename(partial, join(this.#directory, name));
      return stored;
    } catch (error) {
      await rm(partial, { force: true });
      await rm(this.#metaPath(name), { force: true });
      throw error;
    }
  }

  async remove(names: readonly string[]): Promise<void> {
    for (const name of names) {
      if (!isStoredName(name)) continue;
      try {
        await rm(join(this.#directory, name), { force: true });
        await rm(this.#metaPath(name), { force: true });
      } catch (error) {
        this.#onRemoveError(name, error);
      }
    }
  }

  /** What is known of stored files, in the order given; a missing record falls back to the name. */
  async describe(names: readonly string[]): Promise<StoredFile[]> {
    return Promise.all(names.map((name) => this.#describeOne(name)));
  }

  /** Opens a file this storage issued, or null (an unknown, malformed or missing name). */
  async open(name: string): Promise<OpenedFile | null> {
    if (!isStoredName(name)) return null;
    const path = join(this.#directory, name);
    let size: number;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      size = info.size;
    } catch {
      return null;
    }
    const file = { ...(await this.#describeOne(name)), size };
    return { file, stream: createReadStream(path) };
  }

  async #describeOne(name: string): Promise<StoredFile> {
    const fallback = describeByName(name);
    if (!isStoredName(name)) return fallback;
    try {
      const meta = JSON.parse(await readFile(this.#metaPath(name), 'utf8')) as Partial<StoredFile>;
      return {
        name,
        originalName: typeof meta.originalName === 'string' ? meta.originalName : name,
        mimeType: fallback.mimeType,
        size: typeof meta.size === 'number' ? meta.size : 0,
      };
    } catch {
      try {
        return { ...fallback, size: (await stat(join(this.#directory, name))).size };
      } catch {
        return fallback;
      }
    }
  }

  #metaPath(name: string): string {
    return join(this.#directory, `${name}.json`);
  }
}
