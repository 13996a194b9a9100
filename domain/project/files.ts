import { TooLargeError, ValidationError } from '../shared/errors.ts';

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
    throw new TooLargeError('FILE_TOO_LARGE', `${file.originalName} exceeds 80MB limit`, 'files');
  }
  if (!isAllowedFileType(file.mimeType, file.originalName)) {
    throw new ValidationError(
      'UNSUPPORTED_FILE_TYPE',
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
