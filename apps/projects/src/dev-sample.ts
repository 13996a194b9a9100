/**
 * The post form's Auto-Fill and Test Submit sample: development only. PostProjectPage imports this
 * module behind a build-time NODE_ENV check, so no production bundle carries it (decision 0183). What it
 * posts says it is test data.
 */
import { servicesForPhase } from '@buildbid/domain/catalog';
import type { PostFormState } from './post-payload.ts';

const SAMPLE: Omit<PostFormState, 'services'> = {
  title: '[Test data] Kitchen renovation in Nassau',
  description:
    'Full kitchen renovation: remove old cabinets, new plumbing and electrical, tile floor and backsplash, and paint.',
  category: 'Renovation',
  projectStage: 'design_progress',
  contractorNeeds: ['labor_materials', 'site_visit'],
  phases: ['interiors', 'mep_systems'],
  generalContractor: true,
  country: 'BS',
  island: 'New Providence',
  city: 'Nassau',
  location: 'Cable Beach',
  budgetMin: 15000,
  budgetMax: 25000,
  bidDeadline: '',
  deadline: '',
  tags: ['kitchen', 'renovation'],
};

export function sampleForm(): PostFormState {
  const services = [
    ...new Set(SAMPLE.phases.flatMap((p) => servicesForPhase(p, SAMPLE.contractorNeeds).map((s) => s.value))),
  ];
  return { ...SAMPLE, services };
}
