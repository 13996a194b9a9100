/**
 * Recognises an upload's type from its first bytes (magic numbers), never from what the browser
 * claims. Only the types a project may carry (images, PDF, doc, docx) are recognised.
 */
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

/** The MIME type of a stored file's extension (the ones sniffType gives). */
export const MIME_BY_EXTENSION: Readonly<Record<SniffedType['extension'], string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
