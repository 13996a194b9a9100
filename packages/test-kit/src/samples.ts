/**
 * Samples every suite shares (unit, integration, contracts, browser, bench): one project as the post form
 * sends it, and the error a call throws. Plain data and functions, no test runner, so the bench and the
 * Playwright helpers import them too.
 */

/** The post form's `projectData` for a valid project: a re-roof in Nassau, $15,000-$25,000. */
export function sampleProjectData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Re-roof a two-storey house',
    description: 'Replace the shingle roof with standing-seam metal, hurricane-rated.',
    projectStage: 'permit_approved',
    contractorNeeds: ['labor_materials'],
    phases: ['envelope_roofing'],
    generalContractor: false,
    services: ['roofing'],
    servicePhases: ['building_envelope'],
    projectType: 'general_contractor',
    category: 'Construction',
    country: 'BS',
    island: 'New Providence',
    city: 'Nassau',
    budgetMin: 15000,
    budgetMax: 25000,
    tags: ['roofing'],
    ...overrides,
  };
}

/** What `fn` throws, to assert on its code, message or class; fails when it throws nothing. */
export function errorOf<E = { code: string; message: string; name: string }>(fn: () => unknown): E {
  try {
    fn();
  } catch (error) {
    return error as E;
  }
  throw new Error('expected an error');
}
