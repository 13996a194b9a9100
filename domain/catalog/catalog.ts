import { ACHIEVEMENT_CATEGORIES, BADGE_TIERS, BADGES, LEVEL_THRESHOLDS } from '../achievement/achievement.ts';
import { BUDGET_BANDS, BUDGET_THRESHOLD_HIGH_CENTS, BUDGET_THRESHOLD_LOW_CENTS } from '../project/browse.ts';
import {
  ALLOWED_DOCUMENT_TYPES,
  ALLOWED_IMAGE_EXTENSIONS,
  MAX_FILE_SIZE_MB,
  MAX_PROJECT_FILES,
} from '../project/files.ts';
import { PHASE_LABELS, PROJECT_PHASES, PROJECT_STATUSES } from '../project/phase.ts';
import { MAX_TAGS } from '../project/project-details.ts';
import { FREE_MONTHLY_BID_LIMIT, PRO_PRICE_CENTS, PRO_TRIAL_DAYS } from '../subscription/plan.ts';
import { BAHAMAS_ISLANDS } from './bahamas.ts';
import {
  COUNTRIES,
  DEFAULT_PROJECT_COUNTRY,
  findCountry,
  POST_FORM_COUNTRY_CODES,
  REGISTRATION_COUNTRY_CODES,
  SHORT_COUNTRY_LIST,
} from './countries.ts';
import {
  CONTRACTOR_NEEDS,
  EDIT_FORM_CATEGORIES,
  KINDS_HIDDEN_BY_NEED,
  PHASE_GROUPS,
  POST_FORM_CATEGORY,
  POST_FORM_PROJECT_TYPES,
  PROJECT_CATEGORIES,
  PROJECT_STAGES,
  PROJECT_TYPES,
  SERVICE_PHASES,
} from './projects.ts';
import { SERVICE_TYPES } from './service-types.ts';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function countriesFor(codes: readonly string[]) {
  return codes.map((code) => {
    const country = findCountry(code);
    /* v8 ignore next -- every listed code is in COUNTRIES (a catalogue test checks it) */
    if (!country) throw new Error(`Unknown country ${code}`);
    return country;
  });
}

/**
 * Everything the forms and filters need, in one read-only object: one source for the server and
 * the frontends. The required-upload hints are rules (see requiredUploadHints); the table is here too.
 */
export const CATALOG = deepFreeze({
  projectTypes: PROJECT_TYPES,
  postFormProjectTypes: POST_FORM_PROJECT_TYPES,
  postFormCategory: POST_FORM_CATEGORY,
  editFormCategories: EDIT_FORM_CATEGORIES,
  browseCategories: PROJECT_CATEGORIES,
  projectStages: PROJECT_STAGES,
  contractorNeeds: CONTRACTOR_NEEDS,
  phaseGroups: PHASE_GROUPS,
  servicePhases: SERVICE_PHASES,
  serviceTypes: SERVICE_TYPES,
  needsFilter: KINDS_HIDDEN_BY_NEED,
  requiredUploadHints: {
    permit_approved: { always: ['Plan set (PDF)'], whenPhase: { envelope_roofing: ['Roof plan'] } },
    shell_complete: { always: ['Photos of current state', 'Basic measurements'], whenPhase: {} },
  },
  projectPhases: PROJECT_PHASES.map((value) => ({ value, label: PHASE_LABELS[value] })),
  projectStatuses: PROJECT_STATUSES,
  countries: COUNTRIES,
  postFormCountries: countriesFor(POST_FORM_COUNTRY_CODES),
  defaultProjectCountry: DEFAULT_PROJECT_COUNTRY,
  registrationCountries: countriesFor(REGISTRATION_COUNTRY_CODES),
  shortCountryList: SHORT_COUNTRY_LIST,
  bahamasIslands: BAHAMAS_ISLANDS,
  budgetBands: BUDGET_BANDS.map((b) => ({
    ...b,
    minCents:
      b.value === '1k-5k'
        ? null
        : b.value === '5k-25k'
          ? BUDGET_THRESHOLD_LOW_CENTS
          : BUDGET_THRESHOLD_HIGH_CENTS,
    maxCents:
      b.value === '1k-5k'
        ? BUDGET_THRESHOLD_LOW_CENTS
        : b.value === '5k-25k'
          ? BUDGET_THRESHOLD_HIGH_CENTS
          : null,
  })),
  files: {
    maxFiles: MAX_PROJECT_FILES,
    maxFileSizeMb: MAX_FILE_SIZE_MB,
    imageExtensions: ALLOWED_IMAGE_EXTENSIONS,
    documentTypes: ALLOWED_DOCUMENT_TYPES,
  },
  maxTags: MAX_TAGS,
  plans: {
    freeMonthlyBidLimit: FREE_MONTHLY_BID_LIMIT,
    proPriceCents: PRO_PRICE_CENTS,
    proTrialDays: PRO_TRIAL_DAYS,
  },
  achievements: {
    categories: ACHIEVEMENT_CATEGORIES,
    badgeTiers: BADGE_TIERS,
    badges: BADGES,
    levelThresholds: LEVEL_THRESHOLDS,
  },
});

export type Catalog = typeof CATALOG;
