/** Building the post form's projectData (section 7, Create). Pure, so it is unit-tested. */
import {
  filterServicesForNeeds,
  findPhaseGroup,
  PHASE_GROUPS,
  servicesForPhase,
} from '@buildbid/domain/catalog';

/** The service phase each construction phase group belongs to (servicePhases of the project). */
const SERVICE_PHASE_OF_GROUP: Readonly<Record<string, string>> = {
  site_demo: 'site_work',
  structure_shell: 'structure',
  envelope_roofing: 'building_envelope',
  mep_systems: 'systems',
  interiors: 'interior',
  exterior_landscape: 'outdoor',
};

export function servicePhasesFor(phases: readonly string[]): string[] {
  return [...new Set(phases.map((p) => SERVICE_PHASE_OF_GROUP[p]).filter((x): x is string => Boolean(x)))];
}

/** Checking a phase adds its services (those the needs do not hide); unchecking removes them. */
export function togglePhase(
  state: { phases: readonly string[]; services: readonly string[]; needs: readonly string[] },
  phase: string,
  on: boolean,
): { phases: string[]; services: string[] } {
  if (on) {
    if (state.phases.includes(phase)) return { phases: [...state.phases], services: [...state.services] };
    const added = servicesForPhase(phase, state.needs).map((s) => s.value);
    return { phases: [...state.phases, phase], services: [...new Set([...state.services, ...added])] };
  }
  const own = new Set((findPhaseGroup(phase)?.services ?? []).map((s) => s.value));
  return {
    phases: state.phases.filter((p) => p !== phase),
    services: state.services.filter((s) => !own.has(s)),
  };
}

/**
 * Changing needs: the services that the new needs hide are dropped, and named in `dropped` so the form
 * can say so; the services of the chosen phases that the old needs hid and the new ones show come back
 * (ticking and unticking 'Supply Only' leaves the services as they were).
 */
export function servicesAfterNeeds(
  state: { phases: readonly string[]; services: readonly string[] },
  before: readonly string[],
  after: readonly string[],
): { services: string[]; dropped: string[]; restored: string[] } {
  const kept = filterServicesForNeeds(state.services, after);
  const dropped = state.services.filter((s) => !kept.includes(s));
  const wasHidden = new Set(
    state.phases.flatMap((p) =>
      (findPhaseGroup(p)?.services ?? [])
        .map((s) => s.value)
        .filter((v) => !servicesForPhase(p, before).some((x) => x.value === v)),
    ),
  );
  const restored = state.phases
    .flatMap((p) => servicesForPhase(p, after).map((s) => s.value))
    .filter((v, i, all) => wasHidden.has(v) && !kept.includes(v) && all.indexOf(v) === i);
  return { services: [...kept, ...restored], dropped, restored };
}

/** The label of a service id, for telling the user which services changed. */
export function serviceLabel(id: string): string {
  for (const group of PHASE_GROUPS) {
    const found = group.services.find((s) => s.value === id);
    if (found) return found.label;
  }
  return id;
}

export interface PostFormState {
  title: string;
  description: string;
  /** One of PROJECT_CATEGORIES, chosen in the form ('' until chosen). */
  category: string;
  projectStage: string;
  contractorNeeds: string[];
  phases: string[];
  generalContractor: boolean;
  services: string[];
  country: string;
  island: string;
  city: string;
  location: string;
  budgetMin: number | null;
  budgetMax: number | null;
  bidDeadline: string;
  deadline: string;
  tags: string[];
}

/** A 'YYYY-MM-DD' picker value as sent (the API reads it as the end of that day); null when blank. */
export function dateValue(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

function text(value: string): string | null {
  const t = value.trim();
  return t === '' ? null : t;
}

export function toProjectData(form: PostFormState) {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    projectStage: form.projectStage,
    contractorNeeds: form.contractorNeeds,
    phases: form.phases,
    generalContractor: form.generalContractor,
    services: form.services,
    country: form.country,
    island: form.country === 'BS' ? text(form.island) : null,
    city: text(form.city),
    location: text(form.location),
    budgetMin: form.budgetMin,
    budgetMax: form.budgetMax,
    bidDeadline: dateValue(form.bidDeadline),
    deadline: dateValue(form.deadline),
    tags: form.tags,
    servicePhases: servicePhasesFor(form.phases),
    projectType: form.generalContractor ? 'general_contractor' : 'specialty',
    category: form.category,
  };
}
