/**
 * Recognises an upload's type from its first bytes (magic numbers), never from what the browser
 * claims. The rule itself is the domain's (domain/project/files.ts), shared with the forms.
 */
import type { SniffedType } from '../../domain/project/files.ts';

export { SNIFF_BYTES, type SniffedType, sniffType } from '../../domain/project/files.ts';

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
