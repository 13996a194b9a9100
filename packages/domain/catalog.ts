/** The catalogues a form or a label reads: countries, islands and towns, project types and phases, services. */
export {
  BAHAMAS_ISLANDS,
  findIsland,
  findIslandOfTown,
  findTown,
  type Island,
  placeKey,
} from '../../domain/catalog/bahamas.ts';
export {
  COUNTRIES,
  type Country,
  findCountry,
  POST_FORM_COUNTRY_CODES,
  REGISTRATION_COUNTRY_CODES,
} from '../../domain/catalog/countries.ts';
export {
  CONTRACTOR_NEEDS,
  EDIT_FORM_CATEGORIES,
  filterServicesForNeeds,
  findPhaseGroup,
  findPhaseService,
  type Option,
  PHASE_GROUPS,
  type PhaseGroup,
  type PhaseService,
  POST_FORM_PROJECT_TYPES,
  PROJECT_CATEGORIES,
  PROJECT_STAGES,
  PROJECT_TYPES,
  requiredUploadHints,
  servicesForPhase,
} from '../../domain/catalog/projects.ts';
export { distinctServices, SERVICE_TYPES, type ServiceType } from '../../domain/catalog/service-types.ts';
export { DEFAULT_PLATFORM_TIME_ZONE } from '../../domain/shared/time-zone.ts';
