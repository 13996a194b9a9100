import { type Static, Type } from 'typebox';
import type { SavedSearchSnapshot } from '#domain/project/saved-search.ts';
import { dateTime, nullable, refTo, uuid } from './common.ts';

// ---- Saved searches (decision 0133) ------------------------------------------------------------

export const SavedSearchSchema = Type.Object(
  {
    id: uuid(),
    name: Type.String({ description: 'The name the user gave the search' }),
    filters: Type.Object(
      {
        q: nullable(Type.String({ description: 'The search text: every word must appear, in any order' })),
        country: nullable(Type.String({ description: 'Country code' })),
        category: nullable(Type.String()),
        budget: Type.Union([
          Type.Literal('1k-5k'),
          Type.Literal('5k-25k'),
          Type.Literal('25k+'),
          Type.Null(),
        ]),
      },
      { additionalProperties: false, description: 'The browse filters, as GET /api/projects reads them' },
    ),
    alerts: Type.Union([Type.Literal('off'), Type.Literal('instant'), Type.Literal('daily')], {
      description:
        "'instant': a notification and a mail for each matching new project; 'daily': a notification at once " +
        "and one mail a day listing them; 'off': nothing",
    }),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  },
  {
    $id: 'SavedSearch',
    additionalProperties: false,
    description: 'A saved search with its alert setting',
    examples: [
      {
        id: '6f1c2a9e-3b7d-4c1e-9a2f-8d5e4b3c2a10',
        name: 'Kitchens in the Bahamas',
        filters: { q: 'kitchen', country: 'BS', category: null, budget: '5k-25k' },
        alerts: 'instant',
        createdAt: '2026-11-24T10:00:00.000Z',
        updatedAt: '2026-11-24T10:00:00.000Z',
      },
    ],
  },
);
export const SavedSearchRef = refTo(SavedSearchSchema);

export function toSavedSearchDto(s: SavedSearchSnapshot): Static<typeof SavedSearchSchema> {
  return {
    id: s.id,
    name: s.name,
    filters: {
      q: s.filters.q ?? null,
      country: s.filters.country ?? null,
      category: s.filters.category ?? null,
      budget: s.filters.budget ?? null,
    },
    alerts: s.alerts,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
