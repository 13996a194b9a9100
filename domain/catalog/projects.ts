/**
 * Project catalogues (projects-and-bids section 3): one source for the server's checks and the
 * frontends' forms. Values are the stored ids; labels are what the forms show.
 */
export interface Option<T extends string = string> {
  readonly value: T;
  readonly label: string;
}

function has(list: readonly { value: string }[], value: string): boolean {
  return list.some((o) => o.value === value);
}

// ---- Project types -----------------------------------------------------------------------

export const PROJECT_TYPES = [
  { value: 'residential', label: 'Residential' },
  { value: 'commercial', label: 'Commercial' },
  { value: 'industrial', label: 'Industrial' },
  { value: 'institutional', label: 'Institutional' },
  { value: 'infrastructure', label: 'Infrastructure' },
  { value: 'specialty', label: 'Specialty' },
] as const satisfies readonly Option[];

/** The post form sends one of these two as projectType. */
export const POST_FORM_PROJECT_TYPES = [
  { value: 'general_contractor', label: 'General Contractor' },
  { value: 'specialty', label: 'Specialty' },
] as const satisfies readonly Option[];

/** A stored projectType is one of the six catalogue types or the post form's general_contractor. */
export function isProjectType(value: string): boolean {
  return has(PROJECT_TYPES, value) || has(POST_FORM_PROJECT_TYPES, value);
}

// ---- Categories (free text up to 100 characters; these are the forms' offers) ------------

/**
 * The one set of categories (decision 0182): the post form's and the edit form's choices
 * and the browse filter's offers. A category in any case is stored as written here; other text is kept as typed.
 */
export const PROJECT_CATEGORIES = [
  'Construction',
  'Residential',
  'Commercial',
  'Industrial',
  'Infrastructure',
  'Renovation',
  'Interior',
  'Exterior',
  'Other',
] as const;

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

/** The browse page's category filter; 'All' is sent as no filter. Any case finds the category. */
export const BROWSE_CATEGORIES = PROJECT_CATEGORIES;

// ---- Stages ------------------------------------------------------------------------------

export const PROJECT_STAGES = [
  { value: 'idea_planning', label: 'Idea / Planning' },
  { value: 'design_progress', label: 'Design in Progress' },
  { value: 'permit_submitted', label: 'Permit Submitted' },
  { value: 'permit_approved', label: 'Permit Approved' },
  { value: 'under_construction', label: 'Under Construction' },
  { value: 'shell_complete', label: 'Shell Complete' },
  { value: 'turnover_punch', label: 'Turnover / Punch List' },
] as const satisfies readonly Option[];
export type ProjectStage = (typeof PROJECT_STAGES)[number]['value'];

export function isProjectStage(value: string): value is ProjectStage {
  return has(PROJECT_STAGES, value);
}

// ---- Contractor needs --------------------------------------------------------------------

export const CONTRACTOR_NEEDS = [
  { value: 'estimate_only', label: 'Estimate Only' },
  { value: 'site_visit', label: 'Site Visit' },
  { value: 'labor_only', label: 'Labor Only' },
  { value: 'labor_materials', label: 'Labor & Materials' },
  { value: 'supply_only', label: 'Supply Only' },
  { value: 'design_help', label: 'Design Help' },
  { value: 'permit_assist', label: 'Permit Assistance' },
  { value: 'delivery_logistics', label: 'Delivery & Logistics' },
] as const satisfies readonly Option[];
export type ContractorNeed = (typeof CONTRACTOR_NEEDS)[number]['value'];

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
export type ServiceKind = 'labor' | 'installation' | 'materials' | 'equipment_rental';

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

export const PHASE_GROUPS: readonly PhaseGroup[] = [
  {
    value: 'site_demo',
    label: 'Site & Demolition',
    services: [
      { value: 'demolition', label: 'Demolition', kind: 'labor' },
      { value: 'concrete', label: 'Concrete', kind: 'materials' },
      { value: 'excavation', label: 'Excavation', kind: 'equipment_rental' },
      { value: 'site_work', label: 'Site Work', kind: 'labor' },
    ],
  },
  {
    value: 'structure_shell',
    label: 'Structure & Shell',
    services: [
      { value: 'framing', label: 'Framing', kind: 'labor' },
      { value: 'masonry', label: 'Masonry', kind: 'labor' },
      { value: 'steel_work', label: 'Steel Work', kind: 'installation' },
      { value: 'carpentry', label: 'Carpentry', kind: 'labor' },
    ],
  },
  {
    value: 'envelope_roofing',
    label: 'Envelope & Roofing',
    services: [
      { value: 'roofing', label: 'Roofing', kind: 'installation' },
      { value: 'siding', label: 'Siding', kind: 'installation' },
      { value: 'insulation', label: 'Insulation', kind: 'installation' },
      { value: 'waterproofing', label: 'Waterproofing', kind: 'installation' },
    ],
  },
  {
    value: 'mep_systems',
    label: 'MEP Systems',
    services: [
      { value: 'electrical', label: 'Electrical', kind: 'installation' },
      { value: 'plumbing', label: 'Plumbing', kind: 'installation' },
      { value: 'hvac', label: 'HVAC', kind: 'installation' },
      { value: 'fire_sprinkler', label: 'Fire Sprinkler', kind: 'installation' },
      { value: 'solar', label: 'Solar', kind: 'installation' },
    ],
  },
  {
    value: 'interiors',
    label: 'Interiors',
    services: [
      { value: 'drywall', label: 'Drywall', kind: 'labor' },
      { value: 'painting', label: 'Painting', kind: 'labor' },
      { value: 'flooring', label: 'Flooring', kind: 'installation' },
      { value: 'cabinetry', label: 'Cabinetry', kind: 'installation' },
      { value: 'tile', label: 'Tile', kind: 'installation' },
      { value: 'finish_carpentry', label: 'Finish Carpentry', kind: 'labor' },
    ],
  },
  {
    value: 'exterior_landscape',
    label: 'Exterior & Landscape',
    services: [
      { value: 'landscaping', label: 'Landscaping', kind: 'labor' },
      { value: 'fencing', label: 'Fencing', kind: 'installation' },
      { value: 'decking', label: 'Decking', kind: 'installation' },
      { value: 'pool', label: 'Pool', kind: 'installation' },
      { value: 'paving', label: 'Paving', kind: 'materials' },
    ],
  },
];

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

export const SERVICE_PHASES = [
  { value: 'site_work', label: 'Site Work' },
  { value: 'structure', label: 'Structure' },
  { value: 'building_envelope', label: 'Building Envelope' },
  { value: 'systems', label: 'Systems' },
  { value: 'interior', label: 'Interior' },
  { value: 'specialty_rooms', label: 'Specialty Rooms' },
  { value: 'outdoor', label: 'Outdoor' },
  { value: 'general', label: 'General' },
] as const satisfies readonly Option[];

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
    for (const kind of KINDS_HIDDEN_BY_NEED[need as ContractorNeed] ?? []) hidden.add(kind);
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
