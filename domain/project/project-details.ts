/**
 * The project form's rules: the fields of the post and edit forms, their limits, and ProjectDetails,
 * the checked and normalised fields the Project aggregate keeps (a value object; docs/domain.md).
 */
import { findIsland, findTown } from '../catalog/bahamas.ts';
import { findCountry } from '../catalog/countries.ts';
import {
  canonicalCategory,
  isContractorNeed,
  isPhaseGroup,
  isProjectStage,
  isProjectType,
  isServicePhase,
  POST_FORM_CATEGORY,
} from '../catalog/projects.ts';
import { isKnownServiceId } from '../catalog/service-types.ts';
import { ValidationError } from '../shared/errors.ts';

import { Money } from '../shared/money.ts';

const TITLE_MIN_LENGTH = 5;
const TITLE_MAX_LENGTH = 255;
const DESCRIPTION_MIN_LENGTH = 20;
const DESCRIPTION_MAX_LENGTH = 10_000;
export const MAX_TAGS = 5;
const TAG_MAX_LENGTH = 50;
const CATEGORY_MAX_LENGTH = 100;
const LOCATION_MAX_LENGTH = 255;
const PLACE_MAX_LENGTH = 100;

/** The fields of the post and edit forms. On edit, a field left undefined keeps its value. */
export interface ProjectDetailsInput {
  title?: string;
  description?: string;
  projectType?: string | null;
  category?: string | null;
  location?: string | null;
  country?: string;
  island?: string | null;
  city?: string | null;
  /** A number or a decimal string with at most 2 decimals; null or '' means negotiable. */
  budgetMin?: number | string | null;
  budgetMax?: number | string | null;
  projectStage?: string | null;
  contractorNeeds?: string[];
  phases?: string[];
  generalContractor?: boolean;
  services?: string[];
  servicePhases?: string[];
  tags?: string[];
  deadline?: Date | null;
  bidDeadline?: Date | null;
}

/**
 * A project's form fields once checked and normalised: a value object, the same for posting and editing.
 * `ProjectDetails.from` holds the form rules (docs/domain.md, 'Posting a project').
 */
export interface ProjectDetails {
  title: string;
  description: string;
  projectType: string | null;
  category: string;
  location: string | null;
  country: string;
  island: string | null;
  city: string | null;
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  tags: string[];
  services: string[];
  servicePhases: string[];
  projectStage: string | null;
  contractorNeeds: string[];
  phases: string[];
  generalContractor: boolean;
  deadline: Date | null;
  bidDeadline: Date | null;
}

function invalid(code: string, message: string, field: string): ValidationError {
  return new ValidationError(code, message, field);
}

function cleanOptionalText(value: string | null | undefined, max: number, field: string): string | null {
  const text = (value ?? '').trim();
  if (text.length > max) throw invalid('TEXT_TOO_LONG', `${field} must be at most ${max} characters`, field);
  return text === '' ? null : text;
}

/** Trims, drops duplicates and checks each value against a catalogue. */
function cleanList(
  values: readonly string[] | undefined,
  isKnown: (v: string) => boolean,
  code: string,
  what: string,
  field: string,
): string[] {
  const out: string[] = [];
  for (const raw of values ?? []) {
    const value = raw.trim();
    if (!isKnown(value)) throw invalid(code, `Unknown ${what} '${raw}'`, field);
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

/** Tags: trimmed, non-empty, no duplicates (ignoring case), at most 5, each at most 50 characters. */
function cleanTags(tags: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const raw of tags ?? []) {
    const tag = raw.trim();
    if (tag === '') throw invalid('EMPTY_TAG', 'Tags cannot be empty', 'tags');
    if (tag.length > TAG_MAX_LENGTH) {
      throw invalid('TAG_TOO_LONG', `Tags must be at most ${TAG_MAX_LENGTH} characters`, 'tags');
    }
    if (out.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      throw invalid('DUPLICATE_TAG', `Duplicate tag '${tag}'`, 'tags');
    }
    out.push(tag);
  }
  if (out.length > MAX_TAGS) throw invalid('TOO_MANY_TAGS', `At most ${MAX_TAGS} tags allowed`, 'tags');
  return out;
}

function parseBudget(value: number | string | null | undefined, field: string): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  return Money.parse(value, field).cents;
}

function checkDate(value: Date | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) return null;
  if (Number.isNaN(value.getTime())) throw invalid('INVALID_DATE', `${field} is not a valid date`, field);
  return value;
}

/** Validates the whole set of form fields. `changed` says which dates were set now (only those may not be past). */
function validateDetails(
  input: ProjectDetailsInput,
  now: Date,
  changed: { deadline: boolean; bidDeadline: boolean },
): ProjectDetails {
  const title = (input.title ?? '').trim();
  if (title.length < TITLE_MIN_LENGTH) {
    throw invalid('TITLE_TOO_SHORT', `Title must be at least ${TITLE_MIN_LENGTH} characters`, 'title');
  }
  if (title.length > TITLE_MAX_LENGTH) {
    throw invalid('TITLE_TOO_LONG', `Title must be at most ${TITLE_MAX_LENGTH} characters`, 'title');
  }
  const description = (input.description ?? '').trim();
  if (description.length < DESCRIPTION_MIN_LENGTH) {
    throw invalid(
      'DESCRIPTION_TOO_SHORT',
      `Description must be at least ${DESCRIPTION_MIN_LENGTH} characters`,
      'description',
    );
  }
  if (description.length > DESCRIPTION_MAX_LENGTH) {
    throw invalid(
      'DESCRIPTION_TOO_LONG',
      `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
      'description',
    );
  }

  const projectStage = (input.projectStage ?? '').trim();
  if (projectStage === '') throw invalid('STAGE_REQUIRED', 'Please select a project stage', 'projectStage');
  if (!isProjectStage(projectStage)) {
    throw invalid('UNKNOWN_STAGE', `Unknown project stage '${projectStage}'`, 'projectStage');
  }
  const contractorNeeds = cleanList(
    input.contractorNeeds,
    isContractorNeed,
    'UNKNOWN_CONTRACTOR_NEED',
    'contractor need',
    'contractorNeeds',
  );
  if (contractorNeeds.length === 0) {
    throw invalid('NEEDS_REQUIRED', 'Please select at least one contractor need', 'contractorNeeds');
  }
  const phases = cleanList(input.phases, isPhaseGroup, 'UNKNOWN_PHASE', 'construction phase', 'phases');
  if (phases.length === 0) {
    throw invalid('PHASES_REQUIRED', 'Please select at least one construction phase', 'phases');
  }
  const services = cleanList(input.services, isKnownServiceId, 'UNKNOWN_SERVICE', 'service', 'services');
  const servicePhases = cleanList(
    input.servicePhases,
    isServicePhase,
    'UNKNOWN_SERVICE_PHASE',
    'service phase',
    'servicePhases',
  );

  const projectType = cleanOptionalText(input.projectType, 50, 'projectType');
  if (projectType !== null && !isProjectType(projectType)) {
    throw invalid('UNKNOWN_PROJECT_TYPE', `Unknown project type '${projectType}'`, 'projectType');
  }
  const typedCategory = cleanOptionalText(input.category, CATEGORY_MAX_LENGTH, 'category');
  const category = typedCategory === null ? POST_FORM_CATEGORY : canonicalCategory(typedCategory);

  const country = (input.country ?? '').trim().toUpperCase();
  if (country === '') throw invalid('COUNTRY_REQUIRED', 'Please select a country', 'country');
  const countryInfo = findCountry(country);
  if (!countryInfo) throw invalid('UNKNOWN_COUNTRY', `Unknown country code '${input.country}'`, 'country');
  const typedIsland = cleanOptionalText(input.island, PLACE_MAX_LENGTH, 'island');
  const typedCity = cleanPlaceName(cleanOptionalText(input.city, PLACE_MAX_LENGTH, 'city'));
  const { island, city } =
    country === 'BS' ? bahamianPlace(typedIsland, typedCity) : { island: typedIsland, city: typedCity };
  const location =
    cleanOptionalText(input.location, LOCATION_MAX_LENGTH, 'location') ??
    [city, island, countryInfo.name].filter(Boolean).join(', ');

  const budgetMinCents = parseBudget(input.budgetMin, 'budgetMin');
  const budgetMaxCents = parseBudget(input.budgetMax, 'budgetMax');
  if (budgetMinCents !== null && budgetMaxCents !== null && budgetMinCents > budgetMaxCents) {
    throw invalid(
      'BUDGET_RANGE_INVALID',
      'Minimum budget cannot be greater than maximum budget',
      'budgetMin',
    );
  }

  const bidDeadline = checkDate(input.bidDeadline, 'bidDeadline');
  if (bidDeadline && changed.bidDeadline && bidDeadline.getTime() < now.getTime()) {
    throw invalid('BID_DEADLINE_IN_PAST', 'Bid deadline cannot be in the past', 'bidDeadline');
  }
  const deadline = checkDate(input.deadline, 'deadline');
  if (deadline && changed.deadline && deadline.getTime() < now.getTime()) {
    throw invalid('DEADLINE_IN_PAST', 'Project deadline cannot be in the past', 'deadline');
  }
  if (deadline && bidDeadline && deadline.getTime() < bidDeadline.getTime()) {
    throw invalid(
      'DEADLINE_BEFORE_BID_DEADLINE',
      'Project deadline cannot be before the bid deadline',
      'deadline',
    );
  }

  return {
    title,
    description,
    projectType,
    category,
    location,
    country,
    island,
    city,
    budgetMinCents,
    budgetMaxCents,
    tags: cleanTags(input.tags),
    services,
    servicePhases,
    projectStage,
    contractorNeeds,
    phases,
    generalContractor: input.generalContractor ?? false,
    deadline,
    bidDeadline,
  };
}

/**
 * A town as stored: inner spaces collapsed. Any name with a letter is a town (the catalogue's towns are
 * suggestions: decision 0180); one without letters is refused.
 */
function cleanPlaceName(city: string | null): string | null {
  if (city === null) return null;
  const name = city.replace(/\s+/g, ' ');
  if (!/\p{L}/u.test(name)) {
    throw invalid('INVALID_CITY', `'${name}' is not a town name: use letters`, 'city');
  }
  // All lower or all upper case ('spanish wells', 'PALMDALE') reads as a name: capitalise each word.
  // Mixed case is the writer's choice ("McLean's Town") and kept.
  if (name === name.toLowerCase() || name === name.toUpperCase()) {
    return name
      .toLowerCase()
      .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
  }
  return name;
}

/**
 * The island must be one of the Bahamas' (any case); the town may be any name, and a suggested town of
 * the catalogue is written as the catalogue writes it ('nassau' is stored as 'Nassau').
 */
function bahamianPlace(
  island: string | null,
  city: string | null,
): { island: string | null; city: string | null } {
  if (island === null) return { island, city: city === null ? null : (findTown(city) ?? city) };
  const found = findIsland(island);
  if (!found) throw invalid('UNKNOWN_ISLAND', `Unknown island '${island}'`, 'island');
  return { island: found.name, city: city === null ? null : (findTown(city, found) ?? city) };
}

export const ProjectDetails = {
  /**
   * Checks and normalises the whole set of form fields, or throws the first broken rule (400, naming the
   * field). `changed` says which dates were set now: only those may not be in the past.
   */
  from: validateDetails,

  /**
   * The details after an edit: the fields given replace the current ones (an undefined field keeps its
   * value), and the whole set is checked again; only a date the edit moved may not be in the past.
   */
  edit(current: ProjectDetails, changes: ProjectDetailsInput, now: Date): ProjectDetails {
    return validateDetails(
      {
        title: current.title,
        description: current.description,
        projectType: current.projectType,
        category: current.category,
        location: current.location,
        country: current.country,
        island: current.island,
        city: current.city,
        budgetMin: centsToInput(current.budgetMinCents),
        budgetMax: centsToInput(current.budgetMaxCents),
        projectStage: current.projectStage,
        contractorNeeds: current.contractorNeeds,
        phases: current.phases,
        generalContractor: current.generalContractor,
        services: current.services,
        servicePhases: current.servicePhases,
        tags: current.tags,
        deadline: current.deadline,
        bidDeadline: current.bidDeadline,
        ...definedOnly(changes),
      },
      now,
      {
        deadline: changes.deadline !== undefined && !sameDate(changes.deadline, current.deadline),
        bidDeadline: changes.bidDeadline !== undefined && !sameDate(changes.bidDeadline, current.bidDeadline),
      },
    );
  },
} as const;

/** The form fields that were given (an edit's other keys, such as its files, are left out). */
function definedOnly(
  changes: ProjectDetailsInput & { attachments?: unknown; newFiles?: unknown },
): ProjectDetailsInput {
  const { attachments: _kept, newFiles: _new, ...fields } = changes;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as ProjectDetailsInput;
}

function centsToInput(cents: number | null): string | null {
  return cents === null ? null : Money.fromCents(cents).toDecimalString();
}

export function sameDate(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}
