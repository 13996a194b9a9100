import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FileStorage, StoredFile } from '../../application/shared/marketplace-ports.ts';
import { isStoredName } from './upload-stream.ts';

/** A stored file opened for reading. */
export interface OpenedStoredFile {
  file: StoredFile;
  stream: NodeJS.ReadableStream;
}

/** The store whose images get thumbnails: the disk or the S3 storage. */
export interface ReadableFileStorage extends FileStorage {
  describe(names: readonly string[]): Promise<StoredFile[]>;
  open(name: string): Promise<OpenedStoredFile | null>;
}

/** Widest thumbnail edge in pixels: three fit a card at 2x density. */
const THUMBNAIL_WIDTH = 480;
const THUMBNAIL_HEIGHT = 360;

const IMAGE_NAME = /^([0-9a-f-]{36})\.(jpg|png|gif|webp)$/;

// One image at a time per process is plenty for thumbnails, and keeps memory low on large originals.
sharp.cache(false);
sharp.concurrency(1);

/**
 * FileStorage with small derived images (docs/api.md, Thumbnails). It delegates storing, describing and serving to the
 * store of the originals (disk or S3), and adds `thumbnail(name)`: a WebP at most THUMBNAIL_WIDTH × THUMBNAIL_HEIGHT, made with
 * sharp on first request from the stored original (streamed, never buffered whole) and kept in its own folder (DATA_DIR/thumbnails), so a card never
 * downloads an 80 MB original. Removing a file removes its thumbnail. A thumbnail that cannot be made
 * (not an image, damaged, missing) is null, and the page shows its grey placeholder.
 */
export class ThumbnailingFileStorage implements FileStorage {
  readonly #inner: ReadableFileStorage;
  readonly #thumbs: string;
  readonly #pending = new Map<string, Promise<boolean>>();

  /** `directory` holds the thumbnails (DATA_DIR/thumbnails), apart from the uploads. */
  constructor(inner: ReadableFileStorage, directory: string) {
    this.#inner = inner;
    this.#thumbs = directory;
  }

  save(input: Parameters<FileStorage['save']>[0]): Promise<StoredFile> {
    return this.#inner.save(input);
  }

  async remove(names: readonly string[]): Promise<void> {
    await this.#inner.remove(names);
    for (const name of names) {
      const match = IMAGE_NAME.exec(name);
      if (match) await rm(this.#thumbPath(match[1] as string), { force: true });
    }
  }

  describe(names: readonly string[]): Promise<StoredFile[]> {
    return this.#inner.describe(names);
  }

  open(name: string): Promise<OpenedStoredFile | null> {
    return this.#inner.open(name);
  }

  /** The thumbnail of a stored image, made on first request; null when there is none to make. */
  async thumbnail(name: string): Promise<OpenedStoredFile | null> {
    const match = IMAGE_NAME.exec(name);
    if (!match || !isStoredName(name)) return null;
    const path = this.#thumbPath(match[1] as string);
    if (!(await this.#exists(path))) {
      let making = this.#pending.get(path);
      if (!making) {
        making = this.#make(name, path).finally(() => this.#pending.delete(path));
        this.#pending.set(path, making);
      }
      if (!(await making)) return null;
    }
    const size = (await stat(path)).size;
    return {
      file: { name: `${match[1]}.webp`, originalName: `${match[1]}.webp`, mimeType: 'image/webp', size },
      stream: createReadStream(path),
    };
  }

  async #make(name: string, path: string): Promise<boolean> {
    const opened = await this.#inner.open(name);
    if (!opened) return false;
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      await mkdir(this.#thumbs, { recursive: true });
      const transformer = sharp({ failOn: 'error' })
        .rotate()
        .resize({ width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 });
      opened.stream.on('error', (error) => transformer.destroy(error));
      opened.stream.pipe(transformer);
      await transformer.toFile(partial);
      await rename(partial, path);
      return true;
    } catch {
      (opened.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      await rm(partial, { force: true });
      return false;
    }
  }

  async #exists(path: string): Promise<boolean> {
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  }

  #thumbPath(id: string): string {
    return join(this.#thumbs, `${id}.webp`);
  }
}
