import { type Static, type TSchema, Type } from 'typebox';
import type { ProjectView } from '#application/projects/ports.ts';
import type { StoredFile } from '#application/shared/marketplace-ports.ts';
import { ratingFromHundredths } from '#domain/shared/rating.ts';

/**
 * The marketplace's schemas live one file per resource in this folder (project, bid, addendum, profile,
 * catalog, saved-search), each registered with an $id so the OpenAPI document names it (index.ts lists
 * them), beside the mappers from the use cases' views. This file holds their helpers and the two small
 * schemas they share: files and owners.
 */

/**
 * `T | null`. A scalar becomes `type: [T, 'null']` rather than `anyOf`: the same JSON Schema meaning, but
 * the response serializer writes it directly instead of validating each value against the branches
 * (measured: most of the list route's serialization time).
 */
export const nullable = <T extends TSchema>(schema: T) => {
  const type = (schema as { type?: unknown }).type;
  return typeof type === 'string' && type !== 'object' && type !== 'array'
    ? Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] })
    : Type.Union([schema, Type.Null()]);
};
export const uuid = (description?: string) =>
  Type.String({ format: 'uuid', ...(description ? { description } : {}) });
export const dateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });
export const money = (description: string) =>
  Type.String({
    pattern: '^\\d+\\.\\d{2}$',
    description: `${description}; a decimal string, e.g. '5000.00'`,
  });

/** A reference to a schema below that keeps the handler's return type checked. */
export function refTo<T extends TSchema & { $id?: string }>(schema: T) {
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id as string));
}

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

// ---- Files ---------------------------------------------------------------------------------

export const ATTACHMENT_EXAMPLE = {
  name: '0b8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e.pdf',
  originalName: 'Plan set.pdf',
  url: '/uploads/0b8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e.pdf',
  thumbnailUrl: null,
  mimeType: 'application/pdf',
  size: 482113,
};

export const AttachmentSchema = Type.Object(
  {
    name: Type.String({ description: 'The stored name; keep it in `attachments` when editing' }),
    originalName: Type.String({ description: 'The name the file had when it was uploaded' }),
    url: Type.String({ description: '/uploads/{name}' }),
    thumbnailUrl: nullable(
      Type.String({
        description:
          'Images only: a small derived image (WebP, at most 480 px wide) at /uploads/{name}/thumbnail; null for documents',
      }),
    ),
    mimeType: Type.String({ description: 'Recognised from the content, not from the upload' }),
    size: Type.Integer({ description: 'In bytes' }),
  },
  {
    $id: 'Attachment',
    additionalProperties: false,
    examples: [ATTACHMENT_EXAMPLE],
  },
);
export type AttachmentDto = Static<typeof AttachmentSchema>;

export function toAttachmentDto(file: StoredFile): AttachmentDto {
  return {
    name: file.name,
    originalName: file.originalName,
    url: `/uploads/${file.name}`,
    thumbnailUrl: file.mimeType.startsWith('image/') ? `/uploads/${file.name}/thumbnail` : null,
    mimeType: file.mimeType,
    size: file.size,
  };
}

// ---- Owners --------------------------------------------------------------------------------

export const OWNER_EXAMPLE = {
  id: '5e2a1b9c-7d3f-4a6e-8c1b-9f0d2e4a6b71',
  firstName: 'Ann',
  lastName: 'Knowles',
  rating: 4.5,
  reviewCount: 2,
};

export const OwnerSchema = Type.Object(
  {
    id: uuid(),
    firstName: nullable(Type.String()),
    lastName: nullable(Type.String()),
    rating: Type.Number({
      minimum: 0,
      maximum: 5,
      description: 'The mean of the reviews about the owner (2 decimals); 0 with no reviews',
    }),
    reviewCount: Type.Integer({ minimum: 0, description: "0 is shown as 'No reviews yet'" }),
  },
  {
    $id: 'Owner',
    additionalProperties: false,
    description: "A project's owner as cards and pages show them: name, rating and review count",
    examples: [OWNER_EXAMPLE],
  },
);
export type OwnerDto = Static<typeof OwnerSchema>;
export const OwnerRef = refTo(OwnerSchema);

export function toOwnerDto(owner: ProjectView['createdBy']): OwnerDto {
  return {
    id: owner.id,
    firstName: owner.firstName,
    lastName: owner.lastName,
    rating: ratingFromHundredths(owner.ratingHundredths),
    reviewCount: owner.reviewCount,
  };
}
