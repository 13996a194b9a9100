/**
 * Form rules of projects-and-bids sections 5, 8 and 9, as pure functions: the post-form checks
 * (messages in the spec's order), tags and files. The bid form's rules live in the bids remote.
 */
import {
  isAllowedFileType,
  MAX_FILE_SIZE_BYTES,
  MAX_PROJECT_FILES,
  SNIFF_BYTES,
  sniffType,
} from '@buildbid/domain/project';

export { MAX_PROJECT_FILES };
export const MAX_TAGS = 5;
const TITLE_MIN = 5;
const DESCRIPTION_MIN = 20;

/** Redirect delay to the login endpoint after a create without a session (section 9). */
export { LOGIN_URL } from '@buildbid/ui';
export const LOGIN_REDIRECT_MS = 1000;

// ---- Post form ---------------------------------------------------------------------------

export interface PostFormRequired {
  title: string;
  description: string;
  category: string;
  projectStage: string;
  contractorNeeds: readonly string[];
  phases: readonly string[];
  country: string;
}

export type PostField = keyof PostFormRequired;

export interface FieldMessage<F extends string = string> {
  field: F;
  message: string;
}

/** The post form's checks, in the spec's order. Empty when the form is valid. */
export function validatePostForm(form: PostFormRequired): FieldMessage<PostField>[] {
  const out: FieldMessage<PostField>[] = [];
  if (form.title.trim().length < TITLE_MIN)
    out.push({ field: 'title', message: 'Title must be at least 5 characters' });
  if (form.description.trim().length < DESCRIPTION_MIN)
    out.push({ field: 'description', message: 'Description must be at least 20 characters' });
  // Not in the spec, whose form sends a fixed category (decision 0182).
  if (!form.category) out.push({ field: 'category', message: 'Please select a category' });
  if (!form.projectStage) out.push({ field: 'projectStage', message: 'Please select a project stage' });
  if (form.contractorNeeds.length === 0)
    out.push({ field: 'contractorNeeds', message: 'Please select at least one contractor need' });
  if (form.phases.length === 0)
    out.push({ field: 'phases', message: 'Please select at least one construction phase' });
  if (!form.country) out.push({ field: 'country', message: 'Please select a country' });
  return out;
}

// ---- Tags --------------------------------------------------------------------------------

/**
 * Adds a tag: trimmed, non-empty, at most 5, and no duplicate ignoring case ('Roof' after 'roof' is the
 * same tag, as the server counts it: cleanTags). Returns the same list when refused.
 */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = input.trim();
  const key = tag.toLowerCase();
  if (tag === '' || tags.some((t) => t.toLowerCase() === key) || tags.length >= MAX_TAGS) return [...tags];
  return [...tags, tag];
}

// ---- Files -------------------------------------------------------------------------------

export interface Notice {
  title: string;
  description: string;
}

/** The accept list of the file pickers: images, PDF, doc, docx. */
export const ACCEPTED_FILE_TYPES = [
  'image/*',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pdf',
  '.doc',
  '.docx',
];

/**
 * Adds picked files. At most 5 in all (on edit, the kept files count too): a batch that would pass
 * the limit is refused with 'Too many files'. A file over 80MB is skipped with 'File too large'.
 */
export function addFiles(
  current: readonly File[],
  picked: readonly File[],
  options: { existingCount?: number; editing?: boolean } = {},
): { files: File[]; notices: Notice[] } {
  const existing = options.existingCount ?? 0;
  if (existing + current.length + picked.length > MAX_PROJECT_FILES) {
    return {
      files: [...current],
      notices: [
        {
          title: 'Too many files',
          description: options.editing
            ? `Maximum ${MAX_PROJECT_FILES} files allowed. You currently have ${existing + current.length} files.`
            : `Maximum ${MAX_PROJECT_FILES} files allowed`,
        },
      ],
    };
  }
  const files = [...current];
  const notices: Notice[] = [];
  for (const file of picked) {
    if (file.size > MAX_FILE_SIZE_BYTES) {
      notices.push({ title: 'File too large', description: `${file.name} exceeds 80MB limit` });
      continue;
    }
    if (!isAllowedFileType(file.type || guessType(file.name), file.name)) {
      notices.push({
        title: 'File type not accepted',
        description: `${file.name} is not an accepted file type (images, PDF, doc or docx)`,
      });
      continue;
    }
    files.push(file);
  }
  return { files, notices };
}

/** The first bytes of a chosen file (FileReader where Blob.arrayBuffer is missing). */
async function headOf(file: File): Promise<Uint8Array> {
  const blob = file.slice(0, SNIFF_BYTES);
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Checks each chosen file's first bytes with the server's rule (sniffType in domain/project/files.ts),
 * so a renamed .exe is refused when it is picked, with the message the server would give, and the
 * other files stay. The server still checks every upload.
 */
export async function refuseDisguisedFiles(
  picked: readonly File[],
): Promise<{ files: File[]; notices: Notice[] }> {
  const files: File[] = [];
  const notices: Notice[] = [];
  for (const file of picked) {
    const head = await headOf(file).catch(() => new Uint8Array());
    if (sniffType(head, file.name)) files.push(file);
    else
      notices.push({
        title: 'File type not accepted',
        description: `${file.name} is not an accepted file type (images, PDF, doc or docx)`,
      });
  }
  return { files, notices };
}

function guessType(name: string): string {
  const ext = name.slice(name.lastIndexOf('.')).toLowerCase();
  if (ext === '.pdf') return 'application/pdf';
  if (ext === '.doc') return 'application/msword';
  if (ext === '.docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return 'image/unknown';
}

/** 'image', 'pdf' or 'document', from a MIME type or a file name. */
export function fileKind(mimeTypeOrName: string): 'image' | 'pdf' | 'document' {
  const v = mimeTypeOrName.toLowerCase();
  if (v.startsWith('image/') || /\.(jpe?g|png|gif|webp|bmp|svg|heic|heif|avif|tiff?)$/.test(v))
    return 'image';
  if (v === 'application/pdf' || v.endsWith('.pdf')) return 'pdf';
  return 'document';
}

// ---- Query string of the post form ---------------------------------------------------------

export interface PostQuery {
  stage: string;
  phases: string[];
  needs: string[];
}

function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Reads stage, phases and needs from '?stage=..&phases=a,b&needs=c'. */
export function readPostQuery(search: string): PostQuery {
  const params = new URLSearchParams(search);
  return {
    stage: params.get('stage') ?? '',
    phases: listParam(params, 'phases'),
    needs: listParam(params, 'needs'),
  };
}

/** Writes them back, keeping any other parameters. */
export function writePostQuery(search: string, query: PostQuery): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of [
    ['stage', query.stage],
    ['phases', query.phases.join(',')],
    ['needs', query.needs.join(',')],
  ] as const) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}
