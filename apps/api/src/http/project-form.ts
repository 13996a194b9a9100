import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import type { StoredFile } from '#application/shared/marketplace-ports.ts';
import { MAX_FILE_SIZE_BYTES, MAX_PROJECT_FILES } from '#domain/project/files.ts';
import type { ProjectDetailsInput } from '#domain/project/project.ts';
import { TooLargeError, ValidationError } from '#domain/shared/errors.ts';
import { endOfLocalDay } from '#domain/shared/time-zone.ts';
import { type ProjectDataInput, ProjectDataSchema } from './schemas/project.ts';
import { illFormedTextIn, nulByteIn, surrogateAnswer } from './security.ts';
import type { UploadStore } from './tokens.ts';

/** Multipart limits: @fastify/multipart is registered with these (see app.ts). */
export const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_SIZE_BYTES,
  /** One more than allowed, so the sixth file is seen and refused with the spec's message. */
  files: MAX_PROJECT_FILES + 1,
  /** projectData and nothing much else. */
  fields: 10,
  /** The largest projectData (a 10,000-character description and the lists fit easily). */
  fieldSize: 256 * 1024,
  parts: 20,
  headerPairs: 100,
};

const checkProjectData = Compile(ProjectDataSchema);

/** The first schema failure of projectData as a 400 naming the field inside it. */
function projectDataError(value: unknown): ValidationError {
  const errors = [...checkProjectData.Errors(value)];
  const first = errors[0];
  if (!first) return new ValidationError('VALIDATION_FAILED', 'projectData is invalid', 'projectData');
  // A union's members each fail first; report the union itself ("has an invalid value").
  const union = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === first.instancePath);
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (field === '') {
    return new ValidationError('VALIDATION_FAILED', 'projectData must be a JSON object', 'projectData');
  }
  const message = union ? `${field} has an invalid value` : `${field} ${first.message}`;
  return new ValidationError('VALIDATION_FAILED', message, field);
}

/** Parses and checks the projectData field: JSON, then the ProjectData schema. */
function parseProjectData(raw: string): ProjectDataInput {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ValidationError('MALFORMED_PROJECT_DATA', 'projectData is not valid JSON', 'projectData');
  }
  const nul = nulByteIn(value);
  if (nul !== undefined) {
    throw new ValidationError(
      'NUL_BYTE',
      `${nul || 'projectData'} contains a NUL character, which is never valid text`,
      nul || 'projectData',
    );
  }
  const surrogate = illFormedTextIn(value);
  if (surrogate !== undefined) {
    const { message, field } = surrogateAnswer(surrogate || 'projectData');
    throw new ValidationError('VALIDATION_FAILED', message, field);
  }
  if (!checkProjectData.Check(value)) throw projectDataError(value);
  return value;
}

/** A date ('YYYY-MM-DD': the end of that day in the platform's time zone) or an ISO date-time. */
export function parseDate(
  value: string | null | undefined,
  field: string,
  timeZone: string,
): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    try {
      return endOfLocalDay(text, timeZone);
    } catch {
      throw new ValidationError('INVALID_DATE', `${field} is not a valid date`, field);
    }
  }
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(date.getTime())) {
    throw new ValidationError('INVALID_DATE', `${field} is not a valid date`, field);
  }
  return date;
}

/** projectData as the domain's form input. Fields left out stay undefined (on edit: unchanged). */
export function toDetailsInput(data: ProjectDataInput, timeZone: string): ProjectDetailsInput {
  const input: ProjectDetailsInput = {
    title: data.title,
    description: data.description,
    projectType: data.projectType,
    category: data.category,
    location: data.location,
    country: data.country,
    island: data.island,
    city: data.city,
    budgetMin: data.budgetMin,
    budgetMax: data.budgetMax,
    projectStage: data.projectStage,
    contractorNeeds: data.contractorNeeds,
    phases: data.phases,
    generalContractor: data.generalContractor,
    services: data.services,
    servicePhases: data.servicePhases,
    tags: data.tags,
    deadline: parseDate(data.deadline, 'deadline', timeZone),
    bidDeadline: parseDate(data.bidDeadline, 'bidDeadline', timeZone),
  };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ProjectDetailsInput;
}

export interface ProjectForm {
  data: ProjectDataInput;
  /** The files stored while reading the request, in the order they came. */
  files: StoredFile[];
}

export interface ReadProjectFormOptions {
  storage: UploadStore;
  /**
   * On edit: how many files the project will keep given projectData (its `attachments`, else all the
   * project's files), or undefined while projectData has not arrived. The sixth file in all is refused
   * with 'Maximum 5 files allowed. You currently have {n} files.'
   */
  keptCount?: (data: ProjectDataInput | undefined) => number | undefined;
}

function tooManyFiles(kept: number | undefined): ValidationError {
  return new ValidationError(
    'TOO_MANY_FILES',
    kept === undefined
      ? `Maximum ${MAX_PROJECT_FILES} files allowed`
      : `Maximum ${MAX_PROJECT_FILES} files allowed. You currently have ${kept} files.`,
    'files',
  );
}

/**
 * Reads the post/edit multipart body: the projectData field and the `files` parts. Each file is streamed
 * straight to storage (never held in memory). When anything fails, every file this request stored is
 * removed again before the error travels on, so a failed request leaves no file behind.
 */
export async function readProjectForm(
  request: FastifyRequest,
  options: ReadProjectFormOptions,
): Promise<ProjectForm> {
  const { storage, keptCount } = options;
  const { value: data, files } = await readFieldAndFiles(request, storage, PROJECT_DATA_FIELD, keptCount);
  return { data, files };
}

/** The one field a multipart form sends beside its `files`, and the answers about it. */
interface FormField<T> {
  name: string;
  parse: (raw: string) => T;
  /** The 413 when the field is longer than MULTIPART_LIMITS.fieldSize: [code, message]. */
  tooLarge: [code: string, message: string];
  /** The 400 when the form has no such field: [code, message]. */
  missing: [code: string, message: string];
}

const PROJECT_DATA_FIELD: FormField<ProjectDataInput> = {
  name: 'projectData',
  parse: parseProjectData,
  tooLarge: ['PROJECT_DATA_TOO_LARGE', 'projectData is too large'],
  missing: ['PROJECT_DATA_REQUIRED', 'projectData is required'],
};

const ADDENDUM_TEXT_FIELD: FormField<string> = {
  name: 'text',
  parse: (raw) => raw,
  tooLarge: ['TEXT_TOO_LARGE', 'text is too large'],
  missing: ['ADDENDUM_TEXT_REQUIRED', 'Addendum text is required'],
};

/**
 * Reads a multipart body of one field and at most MAX_PROJECT_FILES `files` parts, each streamed to
 * storage. `keptCount` (the project form on edit) counts the files already kept against the limit. When
 * anything fails, every file this request stored is removed again before the error travels on.
 */
async function readFieldAndFiles<T>(
  request: FastifyRequest,
  storage: UploadStore,
  field: FormField<T>,
  keptCount?: (value: T | undefined) => number | undefined,
): Promise<{ value: T; files: StoredFile[] }> {
  const { name } = field;
  if (!request.isMultipart()) {
    throw new ValidationError(
      'MULTIPART_REQUIRED',
      `Send multipart/form-data with a ${name} field and files`,
      name,
    );
  }
  const files: StoredFile[] = [];
  let value: T | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== name) continue;
        if (value !== undefined) throw new ValidationError('DUPLICATE_FIELD', `Send ${name} only once`, name);
        if (part.valueTruncated) throw new TooLargeError(...field.tooLarge, name);
        value = field.parse(String(part.value));
        continue;
      }
      if (part.fieldname !== 'files') {
        throw new ValidationError(
          'UNEXPECTED_FILE_FIELD',
          `Unexpected file field '${part.fieldname}'; send files as 'files'`,
          part.fieldname,
        );
      }
      const kept = keptCount?.(value);
      if (files.length + 1 + (kept ?? 0) > MAX_PROJECT_FILES) throw tooManyFiles(kept);
      files.push(await storeFile(part, storage));
    }
    if (value === undefined) throw new ValidationError(...field.missing, name);
    // The field may have come after the files: check the total now that it is known.
    const kept = keptCount?.(value);
    if (kept !== undefined && kept + files.length > MAX_PROJECT_FILES) throw tooManyFiles(kept);
    return { value, files };
  } catch (error) {
    await removeQuietly(
      storage,
      files.map((f) => f.name),
      request,
    );
    throw translateMultipartError(error);
  }
}

/** Streams one part to storage; a part cut at the 80 MB limit is removed and refused (413). */
async function storeFile(part: MultipartFile, storage: UploadStore): Promise<StoredFile> {
  if (part.filename.includes('\u0000')) {
    throw new ValidationError('NUL_BYTE', 'A file name contains a NUL character', 'files');
  }
  const stored = await storage.save({
    originalName: part.filename,
    mimeType: part.mimetype,
    data: part.file,
  });
  if (part.file.truncated) {
    await storage.remove([stored.name]);
    throw new TooLargeError('FILE_TOO_LARGE', `${stored.originalName} exceeds 80MB limit`, 'files');
  }
  return stored;
}

export async function removeQuietly(
  storage: UploadStore,
  names: readonly string[],
  request: FastifyRequest,
): Promise<void> {
  if (names.length === 0) return;
  try {
    await storage.remove(names);
  } catch (error) {
    request.log.warn({ err: error, names }, 'could not remove uploaded files');
  }
}

/** @fastify/multipart's limit errors, in the API's words. */
function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return tooManyFiles(undefined);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new TooLargeError('TOO_MANY_PARTS', 'The form has too many fields', 'projectData');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new TooLargeError('FILE_TOO_LARGE', 'A file exceeds 80MB limit', 'files');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ValidationError(
        'MULTIPART_REQUIRED',
        'Send multipart/form-data with a projectData field and files',
        'projectData',
      );
    default:
      return error;
  }
}

export interface AddendumForm {
  text: string;
  /** The files stored while reading the request, in the order they came. */
  files: StoredFile[];
}

/**
 * Reads the addendum multipart body: a `text` field and the `files` parts (at most 5, each streamed to
 * storage). When anything fails, every file this request stored is removed before the error travels on.
 */
export async function readAddendumForm(request: FastifyRequest, storage: UploadStore): Promise<AddendumForm> {
  const { value: text, files } = await readFieldAndFiles(request, storage, ADDENDUM_TEXT_FIELD);
  return { text, files };
}
