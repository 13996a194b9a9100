import { describe, expect, it } from 'vitest';
import { BAHAMAS_ISLANDS, findIsland, findIslandOfTown } from '#domain/catalog/bahamas.ts';
import { CATALOG } from '#domain/catalog/catalog.ts';
import {
  COUNTRIES,
  DEFAULT_PROJECT_COUNTRY,
  isCountryCode,
  POST_FORM_COUNTRY_CODES,
  REGISTRATION_COUNTRY_CODES,
  SHORT_COUNTRY_LIST,
} from '#domain/catalog/countries.ts';
import {
  CONTRACTOR_NEEDS,
  filterServicesForNeeds,
  isProjectType,
  isServiceVisibleForNeeds,
  PHASE_GROUPS,
  PROJECT_STAGES,
  PROJECT_TYPES,
  requiredUploadHints,
  SERVICE_PHASES,
  servicesForPhase,
  servicesForPhases,
} from '#domain/catalog/projects.ts';
import { isKnownServiceId, isServiceType, SERVICE_TYPES } from '#domain/catalog/service-types.ts';

const values = (list: readonly { value: string }[]) => list.map((o) => o.value);

describe('project catalogues', () => {
  it('lists the spec values in order', () => {
    expect(values(PROJECT_TYPES)).toEqual([
      'residential',
      'commercial',
      'industrial',
      'institutional',
      'infrastructure',
      'specialty',
    ]);
    expect(values(PROJECT_STAGES)).toEqual([
      'idea_planning',
      'design_progress',
      'permit_submitted',
      'permit_approved',
      'under_construction',
      'shell_complete',
      'turnover_punch',
    ]);
    expect(values(CONTRACTOR_NEEDS)).toEqual([
      'estimate_only',
      'site_visit',
      'labor_only',
      'labor_materials',
      'supply_only',
      'design_help',
      'permit_assist',
      'delivery_logistics',
    ]);
    expect(values(SERVICE_PHASES)).toEqual([
      'site_work',
      'structure',
      'building_envelope',
      'systems',
      'interior',
      'specialty_rooms',
      'outdoor',
      'general',
    ]);
    expect(isProjectType('general_contractor')).toBe(true);
    expect(isProjectType('castle')).toBe(false);
  });

  it('groups the phase services as the spec says', () => {
    expect(Object.fromEntries(PHASE_GROUPS.map((g) => [g.value, values(g.services)]))).toEqual({
      site_demo: ['demolition', 'concrete', 'excavation', 'site_work'],
      structure_shell: ['framing', 'masonry', 'steel_work', 'carpentry'],
      envelope_roofing: ['roofing', 'siding', 'insulation', 'waterproofing'],
      mep_systems: ['electrical', 'plumbing', 'hvac', 'fire_sprinkler', 'solar'],
      interiors: ['drywall', 'painting', 'flooring', 'cabinetry', 'tile', 'finish_carpentry'],
      exterior_landscape: ['landscaping', 'fencing', 'decking', 'pool', 'paving'],
    });
  });

  it('has the 26 service types, each with a name and a description', () => {
    expect(SERVICE_TYPES).toHaveLength(26);
    expect(new Set(SERVICE_TYPES.map((s) => s.id)).size).toBe(26);
    for (const s of SERVICE_TYPES) {
      expect(s.name).not.toBe('');
      expect(s.description.length).toBeGreaterThan(20);
    }
    expect(isServiceType('home_addition')).toBe(true);
    expect(isKnownServiceId('excavation')).toBe(true);
    expect(isKnownServiceId('kitchen_renovation')).toBe(true);
    expect(isKnownServiceId('juggling')).toBe(false);
  });
});

describe('needs filtering', () => {
  it('labor_only hides materials and equipment-rental services', () => {
    expect(values(servicesForPhase('site_demo', ['labor_only']))).toEqual(['demolition', 'site_work']);
    expect(values(servicesForPhase('exterior_landscape', ['labor_only']))).not.toContain('paving');
  });

  it('supply_only hides labor and installation services', () => {
    expect(values(servicesForPhase('site_demo', ['supply_only']))).toEqual(['concrete', 'excavation']);
    expect(servicesForPhase('mep_systems', ['supply_only'])).toEqual([]);
  });

  it('other needs hide nothing', () => {
    expect(servicesForPhase('site_demo', ['labor_materials', 'site_visit'])).toHaveLength(4);
  });

  it('filters lists and keeps services outside the phase groups', () => {
    expect(filterServicesForNeeds(['concrete', 'framing', 'kitchen_renovation'], ['labor_only'])).toEqual([
      'framing',
      'kitchen_renovation',
    ]);
    expect(isServiceVisibleForNeeds('excavation', ['labor_only'])).toBe(false);
    expect(servicesForPhases(['site_demo', 'site_demo', 'nope'], ['labor_only'])).toEqual([
      'demolition',
      'site_work',
    ]);
  });
});

describe('required-upload hints', () => {
  it('asks for a plan set, and a roof plan with envelope_roofing, when the permit is approved', () => {
    expect(requiredUploadHints('permit_approved', ['interiors'])).toEqual(['Plan set (PDF)']);
    expect(requiredUploadHints('permit_approved', ['envelope_roofing'])).toEqual([
      'Plan set (PDF)',
      'Roof plan',
    ]);
  });

  it('asks for photos and measurements when the shell is complete, otherwise nothing', () => {
    expect(requiredUploadHints('shell_complete', [])).toEqual([
      'Photos of current state',
      'Basic measurements',
    ]);
    expect(requiredUploadHints('idea_planning', ['envelope_roofing'])).toEqual([]);
    expect(requiredUploadHints(null, [])).toEqual([]);
  });
});

describe('countries and the Bahamas', () => {
  it('offers BS (default), US, CA, GB, MX in the post form, all in the main catalogue', () => {
    expect(POST_FORM_COUNTRY_CODES).toEqual(['BS', 'US', 'CA', 'GB', 'MX']);
    expect(DEFAULT_PROJECT_COUNTRY).toBe('BS');
    for (const code of [...POST_FORM_COUNTRY_CODES, ...REGISTRATION_COUNTRY_CODES])
      expect(isCountryCode(code)).toBe(true);
  });

  it('keeps the 10-entry country list as the spec gives it', () => {
    expect(SHORT_COUNTRY_LIST.map((c) => c.code)).toEqual([
      'US',
      'CA',
      'MX',
      'UK',
      'AU',
      'NZ',
      'IE',
      'IN',
      'SG',
      'AE',
    ]);
    expect(COUNTRIES.length).toBe(69);
  });

  it('lists 11 islands with 2-3 towns each', () => {
    expect(BAHAMAS_ISLANDS.map((i) => i.name)).toEqual([
      'New Providence',
      'Grand Bahama',
      'Abaco',
      'Eleuthera',
      'Exuma',
      'Bimini',
      'Andros',
      'Long Island',
      'Cat Island',
      'San Salvador',
      'Berry Islands',
    ]);
    for (const island of BAHAMAS_ISLANDS) {
      expect(island.towns.length).toBeGreaterThanOrEqual(2);
      expect(island.towns.length).toBeLessThanOrEqual(3);
    }
    expect(findIsland('Exuma')?.towns).toContain('George Town');
    expect(findIslandOfTown('Hope Town')?.name).toBe('Abaco');
    expect(findIslandOfTown('Gotham')).toBeUndefined();
  });
});

describe('CATALOG', () => {
  it('is deeply frozen', () => {
    expect(Object.isFrozen(CATALOG)).toBe(true);
    expect(Object.isFrozen(CATALOG.phaseGroups[0])).toBe(true);
    expect(() => {
      (CATALOG.serviceTypes as unknown as unknown[]).push({});
    }).toThrow();
  });

  it('holds every catalogue, with the post-form countries resolved and phase labels', () => {
    expect(CATALOG.postFormCountries.map((c) => c.name)).toEqual([
      'Bahamas',
      'United States',
      'Canada',
      'United Kingdom',
      'Mexico',
    ]);
    expect(CATALOG.projectPhases[1]).toEqual({ value: 'bidding', label: 'Accepting Bids' });
    expect(CATALOG.budgetBands).toEqual([
      { value: '1k-5k', label: '$1K-$5K', minCents: null, maxCents: 500000 },
      { value: '5k-25k', label: '$5K-$25K', minCents: 500000, maxCents: 2500000 },
      { value: '25k+', label: '$25K+', minCents: 2500000, maxCents: null },
    ]);
    expect(CATALOG.serviceTypes).toHaveLength(26);
    expect(CATALOG.bahamasIslands).toHaveLength(11);
    expect(CATALOG.shortCountryList).toHaveLength(10);
    expect(CATALOG.plans.freeMonthlyBidLimit).toBe(3);
    expect(CATALOG.achievements.badges).toHaveLength(20);
    expect(CATALOG.needsFilter.labor_only).toEqual(['materials', 'equipment_rental']);
  });
});
