/** Display labels for the catalogue values a project stores. */
import {
  EDIT_FORM_CATEGORIES,
  findCountry,
  findPhaseGroup,
  findPhaseService,
  POST_FORM_PROJECT_TYPES,
  PROJECT_STAGES,
  PROJECT_TYPES,
  SERVICE_TYPES,
} from '@buildbid/domain/catalog';
import { humanize } from './format.ts';

const serviceTypeNames = new Map(SERVICE_TYPES.map((s) => [s.id, s.name]));

export function serviceLabel(id: string): string {
  return findPhaseService(id)?.label ?? serviceTypeNames.get(id) ?? humanize(id);
}

export function projectTypeLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return (
    [...PROJECT_TYPES, ...POST_FORM_PROJECT_TYPES].find((t) => t.value === value)?.label ?? humanize(value)
  );
}

export function categoryLabel(value: string): string {
  return EDIT_FORM_CATEGORIES.find((c) => c.value === value)?.label ?? humanize(value);
}

export function stageLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return PROJECT_STAGES.find((s) => s.value === value)?.label ?? humanize(value);
}

export function phaseGroupLabel(value: string): string {
  return findPhaseGroup(value)?.label ?? humanize(value);
}

/** 'Nassau, New Providence, Bahamas' from what the project has. */
export function placeText(p: {
  location: string | null;
  city?: string | null;
  island?: string | null;
  country?: string | null;
}): string {
  const country = p.country ? (findCountry(p.country)?.name ?? p.country) : null;
  // The location text usually already holds 'city, island, country' (derived at posting): each part is
  // shown once, in the order first met, ignoring case and spacing (decision 0122).
  const parts = [p.location, p.city, p.island, country]
    .flatMap((x) => (x ?? '').split(','))
    .map((x) => x.trim())
    .filter((x) => x !== '');
  const seen = new Set<string>();
  return parts
    .filter((x) => {
      const key = x.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(', ');
}
