import { randomUUID } from 'node:crypto';
import type { StoredFile } from '../../application/shared/marketplace-ports.ts';
import { isAllowedFileType } from '../../domain/project/files.ts';
import { TooLargeError, ValidationError } from '../../domain/shared/errors.ts';
import { MIME_BY_EXTENSION, SNIFF_BYTES, type SniffedType, sniffType } from './file-type.ts';

/** The names every storage issues: a random UUID and the extension of the sniffed type. Nothing else is served. */
const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp|pdf|doc|docx)$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** Keeps the name the browser gave for display: the last path segment, no control characters, ≤ 255. */
function cleanOriginalName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean === '' ? 'file' : clean).slice(0, 255);
}

/** What a stored name says by itself: its type from the extension, its name as the display name. */
export function describeByName(name: string): StoredFile {
  const extension = name.slice(name.lastIndexOf('.') + 1) as SniffedType['extension'];
  return {
    name,
    originalName: name,
    mimeType: MIME_BY_EXTENSION[extension] ?? 'application/octet-stream',
    size: 0,
  };
}

/** An upload whose type has been recognised, ready to be written wherever the storage keeps files. */
export interface CheckedUpload {
  /** The new unguessable stored name, `{uuid}.{ext}`. */
  name: string;
  originalName: string;
  mimeType: string;
  /** The whole content, head first; throws FILE_TOO_LARGE (413) as soon as it passes the limit. */
  content: AsyncGenerator<Uint8Array>;
  /** Bytes yielded by `content` so far (the size once it has been read to the end). */
  bytesRead(): number;
}

/**
 * The checks every FileStorage adapter makes before it writes a byte: reads just enough of the upload to
 * recognise its type from the content (the declared type is ignored) and refuses anything but images,
 * PDF, doc and docx (400 UNSUPPORTED_FILE_TYPE). The rest is streamed through `content`, which stops with
 * 413 FILE_TOO_LARGE past `maxBytes`: an upload is never held in memory whole.
 */
export async function checkUpload(
  input: { originalName: string; data: AsyncIterable<Uint8Array> },
  maxBytes: number,
): Promise<CheckedUpload> {
  const originalName = cleanOriginalName(input.originalName);
  const iterator = input.data[Symbol.asyncIterator]();

  const head: Uint8Array[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const type = sniffType(Buffer.concat(head), originalName);
  if (!type || !isAllowedFileType(type.mimeType, originalName)) {
    await iterator.return?.();
    throw new ValidationError(
      'UNSUPPORTED_FILE_TYPE',
      `${originalName} is not an accepted file type (images, PDF, doc or docx)`,
      'files',
    );
  }

  let size = 0;
  const tooLarge = () => new TooLargeError('FILE_TOO_LARGE', `${originalName} exceeds 80MB limit`, 'files');
  async function* content(): AsyncGenerator<Uint8Array> {
    for (const chunk of head) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      yield chunk;
    }
    if (ended) return;
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      size += next.value.length;
      if (size > maxBytes) throw tooLarge();
      yield next.value;
    }
  }
  return {
    name: `${randomUUID()}.${type.extension}`,
    originalName,
    mimeType: type.mimeType,
    content: content(),
    bytesRead: () => size,
  };
}
