/**
 * Project catalogues (projects-and-bids section 3): one source for the server's checks and the
 * frontends' forms. Values are the stored ids; labels are what the forms show. The lists are data,
 * in ./projects.json; the rules that read them are here.
 */
import catalogue from './projects.json' with { type: 'json' };

export interface Option<T extends string = string> {
  readonly value: T;
  readonly label: string;
}

function has(list: readonly { value: string }[], value: string): boolean {
  return list.some((o) => o.value === value);
}

// ---- Project types -----------------------------------------------------------------------

export const PROJECT_TYPES: readonly Option[] = catalogue.projectTypes;

/** The post form sends one of these two as projectType. */
export const POST_FORM_PROJECT_TYPES: readonly Option[] = catalogue.postFormProjectTypes;

/** A stored projectType is one of the six catalogue types or the post form's general_contractor. */
export function isProjectType(value: string): boolean {
  return has(PROJECT_TYPES, value) || has(POST_FORM_PROJECT_TYPES, value);
}

// ---- Categories (free text up to 100 characters; these are the forms' offers) ------------

/**
 * The one set of categories (decision 0182): the post form's and the edit form's choices
 * and the browse filter's offers. A category in any case is stored as written here; other text is kept as typed.
 */
export const PROJECT_CATEGORIES: readonly string[] = catalogue.categories;

/** The category of a post that names none (API callers); the post form asks for one of PROJECT_CATEGORIES. */
export const POST_FORM_CATEGORY = 'Construction';

/** A category as stored and filtered: one of PROJECT_CATEGORIES in its own spelling, or the text trimmed. */
export function canonicalCategory(value: string): string {
  const text = value.trim();
  return PROJECT_CATEGORIES.find((c) => c.toLowerCase() === text.toLowerCase()) ?? text;
}

export const EDIT_FORM_CATEGORIES: readonly Option[] = PROJECT_CATEGORIES.map((c) => ({
  value: c,
  label: c,
}));

// ---- Stages ------------------------------------------------------------------------------

export const PROJECT_STAGES: readonly Option[] = catalogue.stages;
/** A stage's value (one of PROJECT_STAGES). */
export type ProjectStage = string;

export function isProjectStage(value: string): value is ProjectStage {
  return has(PROJECT_STAGES, value);
}

// ---- Contractor needs --------------------------------------------------------------------

export const CONTRACTOR_NEEDS: readonly Option[] = catalogue.contractorNeeds;
/** A need's value (one of CONTRACTOR_NEEDS). */
export type ContractorNeed = string;

export function isContractorNeed(value: string): value is ContractorNeed {
  return has(CONTRACTOR_NEEDS, value);
}

// ---- Phase groups and their services -----------------------------------------------------

/**
 * What a phase-group service mostly provides. The needs filter uses it:
 * - labor: on-site work by a crew;
 * - installation: supplying and fitting a system or product;
 * - materials: the service is mainly the supply of bulk materials (ready-mix concrete, pavers);
 * - equipment_rental: the service is mainly heavy equipment with an operator (excavation).
 */
const SERVICE_KINDS = ['labor', 'installation', 'materials', 'equipment_rental'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export interface PhaseService {
  readonly value: string;
  readonly label: string;
  readonly kind: ServiceKind;
}

export interface PhaseGroup {
  readonly value: string;
  readonly label: string;
  readonly services: readonly PhaseService[];
}

/** The phase groups of the data, their kinds checked once at load: a misspelt kind fails on import. */
function checkedKinds(groups: readonly { services: readonly { value: string; kind: string }[] }[]) {
  for (const service of groups.flatMap((g) => g.services)) {
    if (!(SERVICE_KINDS as readonly string[]).includes(service.kind)) {
      throw new Error(`Unknown service kind '${service.kind}' of '${service.value}'`);
    }
  }
  return groups as readonly PhaseGroup[];
}

export const PHASE_GROUPS: readonly PhaseGroup[] = checkedKinds(catalogue.phaseGroups);

export function isPhaseGroup(value: string): boolean {
  return PHASE_GROUPS.some((g) => g.value === value);
}

export function findPhaseGroup(value: string): PhaseGroup | undefined {
  return PHASE_GROUPS.find((g) => g.value === value);
}

const phaseServiceById = new Map(PHASE_GROUPS.flatMap((g) => g.services.map((s) => [s.value, s] as const)));

export function findPhaseService(value: string): PhaseService | undefined {
  return phaseServiceById.get(value);
}

// ---- Service phases ----------------------------------------------------------------------

export const SERVICE_PHASES: readonly Option[] = catalogue.servicePhases;

export function isServicePhase(value: string): boolean {
  return has(SERVICE_PHASES, value);
}

// ---- Needs filtering ---------------------------------------------------------------------

/** The service kinds a contractor need hides in the post form. */
export const KINDS_HIDDEN_BY_NEED: Readonly<Partial<Record<ContractorNeed, readonly ServiceKind[]>>> = {
  labor_only: ['materials', 'equipment_rental'],
  supply_only: ['labor', 'installation'],
};

function hiddenKinds(needs: readonly string[]): Set<ServiceKind> {
  const hidden = new Set<ServiceKind>();
  for (const need of needs) {
    for (const kind of KINDS_HIDDEN_BY_NEED[need] ?? []) hidden.add(kind);
  }
  return hidden;
}

/** Whether a phase-group service is shown for the chosen needs. Services outside the phase groups are always shown. */
export function isServiceVisibleForNeeds(serviceId: string, needs: readonly string[]): boolean {
  const service = findPhaseService(serviceId);
  return !service || !hiddenKinds(needs).has(service.kind);
}

/** The services of a phase group the post form shows for the chosen needs. */
export function servicesForPhase(phase: string, needs: readonly string[]): PhaseService[] {
  const hidden = hiddenKinds(needs);
  return (findPhaseGroup(phase)?.services ?? []).filter((s) => !hidden.has(s.kind));
}

/** Drops from `serviceIds` the services the chosen needs hide. */
export function filterServicesForNeeds(serviceIds: readonly string[], needs: readonly string[]): string[] {
  return serviceIds.filter((id) => isServiceVisibleForNeeds(id, needs));
}

/** What selecting phases adds: every service of each phase that the needs do not hide, without duplicates. */
export function servicesForPhases(phases: readonly string[], needs: readonly string[]): string[] {
  return [...new Set(phases.flatMap((p) => servicesForPhase(p, needs).map((s) => s.value)))];
}

// ---- Required-upload hints (shown in red, not enforced) ----------------------------------

export function requiredUploadHints(stage: string | null | undefined, phases: readonly string[]): string[] {
  if (stage === 'permit_approved') {
    return phases.includes('envelope_roofing') ? ['Plan set (PDF)', 'Roof plan'] : ['Plan set (PDF)'];
  }
  if (stage === 'shell_complete') return ['Photos of current state', 'Basic measurements'];
  return [];
}
