import { ValidationError } from '../shared/errors.ts';
import { PROJECT_ERRORS } from './errors.ts';

export const MAX_PROJECT_FILES = 5;
export const MAX_FILE_SIZE_MB = 80;
export const MAX_FILE_SIZE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;

/** Images, PDF, doc and docx (projects-and-bids section 5). */
export const ALLOWED_DOCUMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

export const ALLOWED_IMAGE_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  '.bmp',
  '.svg',
  '.heic',
  '.heif',
  '.avif',
  '.tif',
  '.tiff',
] as const;

/** A file the HTTP layer has received (and usually stored already) for a project. */
export interface UploadedFile {
  /** The name it is stored under and served at /uploads/{name}. */
  name: string;
  /** The name the user's browser gave it; used in messages. */
  originalName: string;
  mimeType: string;
  /** In bytes. */
  size: number;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** Whether the type is an image, PDF, doc or docx. The MIME type and the file name's extension must agree. */
export function isAllowedFileType(mimeType: string, fileName: string): boolean {
  const mime = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  const ext = extensionOf(fileName);
  if (mime.startsWith('image/')) return (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  return ALLOWED_DOCUMENT_TYPES[mime]?.includes(ext) ?? false;
}

/**
 * Checks one file: at most 80 MB ('{file} exceeds 80MB limit', 413) and an allowed type (400).
 * The HTTP layer may call it per file while streaming, before anything is stored.
 */
export function checkUploadedFile(file: Pick<UploadedFile, 'originalName' | 'mimeType' | 'size'>): void {
  if (file.size > MAX_FILE_SIZE_BYTES) {
    throw PROJECT_ERRORS.FILE_TOO_LARGE(`${file.originalName} exceeds 80MB limit`, 'files');
  }
  if (!isAllowedFileType(file.mimeType, file.originalName)) {
    throw PROJECT_ERRORS.UNSUPPORTED_FILE_TYPE(
      `${file.originalName} is not an accepted file type (images, PDF, doc or docx)`,
      'files',
    );
  }
}

/**
 * Checks the files a project will have: the kept ones plus the new ones, at most 5 in all.
 * `keptCount` is 0 when posting. On edit the message names how many the project has now.
 */
export function checkProjectFiles(
  newFiles: readonly UploadedFile[],
  keptCount: number,
  editing: boolean,
): void {
  if (keptCount + newFiles.length > MAX_PROJECT_FILES) {
    throw new ValidationError(
      'TOO_MANY_FILES',
      editing
        ? `Maximum ${MAX_PROJECT_FILES} files allowed. You currently have ${keptCount} files.`
        : `Maximum ${MAX_PROJECT_FILES} files allowed`,
      'files',
    );
  }
  for (const file of newFiles) checkUploadedFile(file);
}

// ---- Contents: what a file's first bytes must be ---------------------------------------------
// The server checks each upload's first bytes (adapters/storage/upload-stream.ts) and the post and
// edit forms check each chosen file the same way before sending it (decision 0183), so a disguised file is
// refused at selection and never blocks the others.

export interface SniffedType {
  mimeType: string;
  /** The extension the stored file gets (without the dot). */
  extension: 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'doc' | 'docx';
}

/** How many leading bytes sniffType needs to decide. */
export const SNIFF_BYTES = 16;

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((b, i) => head[offset + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function hasExtension(fileName: string, extension: string): boolean {
  return fileName.toLowerCase().endsWith(`.${extension}`);
}

/**
 * The type of a file from its first bytes (at least SNIFF_BYTES when the file is that long), or null
 * when it is not an accepted type.
 *
 * - JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, GIF `GIF87a`/`GIF89a`, WebP `RIFF....WEBP`, PDF `%PDF-`.
 * - DOC: the OLE2 compound-file header `D0 CF 11 E0 A1 B1 1A E1`. Excel and PowerPoint 97 files share
 *   it, so the original name must also end in `.doc`.
 * - DOCX: a ZIP archive (`PK 03 04`) whose original name ends in `.docx`. The entries are not listed
 *   (that would mean reading the central directory at the end of the file before storing it); an
 *   ordinary ZIP named .docx is stored and served as a download with `nosniff`, which is harmless.
 */
export function sniffType(head: Uint8Array, originalName: string): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: 'image/png', extension: 'png' };
  }
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) {
    return { mimeType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) {
    return { mimeType: 'image/webp', extension: 'webp' };
  }
  if (startsWith(head, ascii('%PDF-'))) return { mimeType: 'application/pdf', extension: 'pdf' };
  if (
    startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) &&
    hasExtension(originalName, 'doc')
  ) {
    return { mimeType: 'application/msword', extension: 'doc' };
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && hasExtension(originalName, 'docx')) {
    return {
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
    };
  }
  return null;
}
