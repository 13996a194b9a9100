import { type Static, Type } from 'typebox';
import type { Landing } from '#application/landing/index.ts';
import type { Catalog } from '#domain/catalog/catalog.ts';
import { dateTime, nullable, refTo, uuid } from './common.ts';
import { BadgeSchema } from './profile.ts';
import { PROJECT_EXAMPLE, type ProjectSummaryDto, ProjectSummaryRef } from './project.ts';

// ---- The catalogue ---------------------------------------------------------------------------

const option = Type.Object({ value: Type.String(), label: Type.String() }, { additionalProperties: false });
const country = Type.Object(
  { code: Type.String(), name: Type.String(), flag: Type.String() },
  { additionalProperties: false },
);

export const CatalogSchema = Type.Object(
  {
    projectTypes: Type.Array(option),
    postFormProjectTypes: Type.Array(option),
    postFormCategory: Type.String(),
    editFormCategories: Type.Array(option),
    browseCategories: Type.Array(Type.String()),
    projectStages: Type.Array(option),
    contractorNeeds: Type.Array(option),
    phaseGroups: Type.Array(
      Type.Object(
        {
          value: Type.String(),
          label: Type.String(),
          services: Type.Array(
            Type.Object(
              {
                value: Type.String(),
                label: Type.String(),
                kind: Type.Enum(['labor', 'installation', 'materials', 'equipment_rental']),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    servicePhases: Type.Array(option),
    serviceTypes: Type.Array(
      Type.Object(
        { id: Type.String(), name: Type.String(), description: Type.String() },
        { additionalProperties: false },
      ),
    ),
    needsFilter: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Contractor need → the service kinds it hides in the post form',
    }),
    requiredUploadHints: Type.Record(
      Type.String(),
      Type.Object(
        {
          always: Type.Array(Type.String()),
          whenPhase: Type.Record(Type.String(), Type.Array(Type.String())),
        },
        { additionalProperties: false },
      ),
      { description: 'Project stage → the upload hints the post form shows (not enforced)' },
    ),
    projectPhases: Type.Array(option),
    projectStatuses: Type.Array(Type.String()),
    countries: Type.Array(country),
    postFormCountries: Type.Array(country),
    defaultProjectCountry: Type.String(),
    registrationCountries: Type.Array(country),
    shortCountryList: Type.Array(country),
    bahamasIslands: Type.Array(
      Type.Object({ name: Type.String(), towns: Type.Array(Type.String()) }, { additionalProperties: false }),
    ),
    budgetBands: Type.Array(
      Type.Object(
        {
          value: Type.String(),
          label: Type.String(),
          minCents: nullable(Type.Integer()),
          maxCents: nullable(Type.Integer()),
        },
        { additionalProperties: false },
      ),
    ),
    files: Type.Object(
      {
        maxFiles: Type.Integer(),
        maxFileSizeMb: Type.Integer(),
        imageExtensions: Type.Array(Type.String()),
        documentTypes: Type.Record(Type.String(), Type.Array(Type.String())),
      },
      { additionalProperties: false },
    ),
    maxTags: Type.Integer(),
    plans: Type.Object(
      { freeMonthlyBidLimit: Type.Integer(), proPriceCents: Type.Integer(), proTrialDays: Type.Integer() },
      { additionalProperties: false },
    ),
    achievements: Type.Object(
      {
        categories: Type.Array(Type.String()),
        badgeTiers: Type.Array(Type.String()),
        badges: Type.Array(refTo(BadgeSchema)),
        levelThresholds: Type.Array(Type.Integer()),
      },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'Catalog',
    additionalProperties: false,
    description: 'Every catalogue the forms and filters use (one source with the server checks)',
  },
);
/** Typed as the domain's catalogue itself, so the route returns it unchanged. */
export const CatalogRef = Type.Unsafe<Catalog>(Type.Ref('Catalog'));

// ---- Landing -------------------------------------------------------------------------------

export const LandingSchema = Type.Object(
  {
    featured: Type.Array(ProjectSummaryRef, { description: 'The newest projects open for bids (up to 3)' }),
    testimonials: Type.Array(
      Type.Object(
        {
          id: uuid('The review'),
          rating: Type.Integer({ minimum: 4, maximum: 5 }),
          comment: Type.String(),
          reviewerFirstName: nullable(Type.String()),
          reviewerRole: Type.String({ description: 'client, contractor, vendor or admin' }),
          createdAt: dateTime(),
        },
        { additionalProperties: false },
      ),
      { description: 'Real reviews (rating ≥ 4, with a comment), newest first; empty until 3 exist' },
    ),
    figures: Type.Object(
      {
        projectsPosted: Type.Integer({ minimum: 0, description: 'Projects posted (and not deleted)' }),
        contractorsRegistered: Type.Integer({
          minimum: 0,
          description: 'Contractor accounts (deleted ones are not counted)',
        }),
      },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'Landing',
    additionalProperties: false,
    description: 'The public landing page data',
    examples: [
      {
        featured: [PROJECT_EXAMPLE],
        testimonials: [],
        figures: { projectsPosted: 40, contractorsRegistered: 12 },
      },
    ],
  },
);
export type LandingDto = Static<typeof LandingSchema>;
export const LandingRef = refTo(LandingSchema);

export function toLandingDto(landing: Landing, featured: ProjectSummaryDto[]): LandingDto {
  return {
    featured,
    testimonials: landing.testimonials.map((t) => ({
      id: t.id,
      rating: t.rating,
      comment: t.comment,
      reviewerFirstName: t.reviewerFirstName,
      reviewerRole: t.reviewerRole,
      createdAt: t.createdAt.toISOString(),
    })),
    figures: landing.figures,
  };
}
