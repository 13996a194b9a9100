import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileStorage, StoredFile } from '#application/shared/marketplace-ports.ts';

/** What every FileStorage adapter that serves uploads offers (the UploadStore of apps/api). */
interface ServingStorage extends FileStorage {
  describe(names: readonly string[]): Promise<StoredFile[]>;
  open(name: string): Promise<{ file: StoredFile; stream: NodeJS.ReadableStream } | null>;
}

export interface StorageUnderTest {
  /** A storage whose limit is `maxBytes`. */
  storage(maxBytes: number): ServingStorage;
  /** Everything the storage holds right now (objects, files, unfinished parts): proves nothing is left behind. */
  leftovers(): Promise<string[]>;
}

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;

/** A PNG-looking body of `size` bytes, delivered in chunks of `chunk` bytes as a multipart stream would. */
async function* pngBody(size: number, chunk = 64 * 1024): AsyncGenerator<Uint8Array> {
  const header = Buffer.concat([
    PNG_HEADER,
    randomBytes(Math.max(0, Math.min(size, chunk) - PNG_HEADER.length)),
  ]);
  yield header.subarray(0, Math.min(size, chunk));
  for (let sent = Math.min(size, chunk); sent < size; sent += chunk) {
    yield randomBytes(Math.min(chunk, size - sent));
  }
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The behaviour the use cases and the /uploads route rely on, whatever keeps the files: run by the
 * disk adapter and the S3 adapter (against a local S3-compatible server) alike.
 */
export function fileStorageContract(name: string, make: () => StorageUnderTest): void {
  describe(`FileStorage contract: ${name}`, () => {
    it('stores an upload under a new name and serves it back with its display name, type and size', async () => {
      const under = make();
      const storage = under.storage(80 * MB);
      const content = Buffer.concat([PNG_HEADER, randomBytes(10_000)]);
      const stored = await storage.save({
        originalName: 'C:\\photos\\Küche plan.png',
        mimeType: 'application/x-anything',
        data: once(content),
      });
      expect(stored).toMatchObject({
        originalName: 'Küche plan.png',
        mimeType: 'image/png',
        size: content.length,
      });
      expect(stored.name).toMatch(/^[0-9a-f-]{36}\.png$/);

      const [described] = await storage.describe([stored.name]);
      expect(described).toEqual(stored);
      const opened = await storage.open(stored.name);
      expect(opened?.file).toEqual(stored);
      expect((await readAll(opened?.stream as NodeJS.ReadableStream)).equals(content)).toBe(true);
      await storage.remove([stored.name]);
    });

    it('streams a file larger than one part (multipart) and keeps every byte', async () => {
      const under = make();
      const storage = under.storage(80 * MB);
      const chunks: Buffer[] = [];
      async function* recorded() {
        for await (const chunk of pngBody(12 * MB)) {
          chunks.push(Buffer.from(chunk));
          yield chunk;
        }
      }
      const stored = await storage.save({
        originalName: 'site.png',
        mimeType: 'image/png',
        data: recorded(),
      });
      expect(stored.size).toBe(12 * MB);
      const opened = await storage.open(stored.name);
      const back = await readAll(opened?.stream as NodeJS.ReadableStream);
      expect(back.length).toBe(12 * MB);
      expect(back.equals(Buffer.concat(chunks))).toBe(true);
      await storage.remove([stored.name]);
      expect(await under.leftovers()).toEqual([]);
    });

    it('refuses a file whose content is not an accepted type, whatever it is called, and keeps nothing', async () => {
      const under = make();
      const storage = under.storage(80 * MB);
      const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(5000)]);
      await expect(
        storage.save({ originalName: 'malware.pdf', mimeType: 'application/pdf', data: once(exe) }),
      ).rejects.toMatchObject({
        code: 'UNSUPPORTED_FILE_TYPE',
        message: expect.stringContaining('malware.pdf'),
      });
      expect(await under.leftovers()).toEqual([]);
    });

    it('stops reading past the limit with FILE_TOO_LARGE and leaves no object or part behind', async () => {
      const under = make();
      const storage = under.storage(11 * MB);
      await expect(
        storage.save({ originalName: 'huge.png', mimeType: 'image/png', data: pngBody(12 * MB) }),
      ).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', message: 'huge.png exceeds 80MB limit' });
      expect(await under.leftovers()).toEqual([]);
    });

    it('removes files, ignoring names it never issued, and then answers as for an unknown file', async () => {
      const under = make();
      const storage = under.storage(80 * MB);
      const a = await storage.save({ originalName: 'a.png', mimeType: 'image/png', data: pngBody(2000) });
      const b = await storage.save({ originalName: 'b.png', mimeType: 'image/png', data: pngBody(2000) });
      await storage.remove([a.name, '../etc/passwd', '00000000-0000-4000-8000-000000000000.png']);
      expect(await storage.open(a.name)).toBeNull();
      expect(await storage.open(b.name)).not.toBeNull();
      await storage.remove([b.name]);
      expect(await under.leftovers()).toEqual([]);
    });

    it('answers null for malformed or unknown names and describes them from the name alone', async () => {
      const storage = make().storage(80 * MB);
      expect(await storage.open('../../secret.png')).toBeNull();
      expect(await storage.open('00000000-0000-4000-8000-000000000000.pdf')).toBeNull();
      const [unknown] = await storage.describe(['00000000-0000-4000-8000-000000000000.pdf']);
      expect(unknown).toEqual({
        name: '00000000-0000-4000-8000-000000000000.pdf',
        originalName: '00000000-0000-4000-8000-000000000000.pdf',
        mimeType: 'application/pdf',
        size: 0,
      });
    });
  });
}
