import { type Static, Type } from 'typebox';
import type { StoredFile } from '#application/shared/marketplace-ports.ts';
import type { AddendumSnapshot } from '#domain/project/addendum.ts';
import { AttachmentSchema, refTo, toAttachmentDto } from './common.ts';

// ---- Deadline changes and addenda (decision 0130) -----------------------------------------------

export const AddendumSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    projectId: Type.String({ format: 'uuid' }),
    text: Type.String({ description: 'What changed, 1..5000 characters' }),
    attachments: Type.Array(refTo(AttachmentSchema), { description: 'The files, served at /uploads/{name}' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Addendum',
    additionalProperties: false,
    description: "An owner's published change to a project while it takes bids",
    examples: [
      {
        id: '6a1f0a52-6a7e-4a52-9d0c-3f6f3b1c2d4e',
        projectId: '2c8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e',
        text: 'The kitchen island moves 2 ft east; updated plan attached.',
        attachments: [],
        createdAt: '2026-11-22T15:04:05.000Z',
      },
    ],
  },
);
export type AddendumDto = Static<typeof AddendumSchema>;
export const AddendumRef = refTo(AddendumSchema);

export function toAddendumDto(addendum: AddendumSnapshot, attachments: readonly StoredFile[]): AddendumDto {
  return {
    id: addendum.id,
    projectId: addendum.projectId,
    text: addendum.text,
    attachments: attachments.map(toAttachmentDto),
    createdAt: addendum.createdAt.toISOString(),
  };
}

export const AddendumFormBody = Type.Object(
  {
    text: Type.String({ maxLength: 5000, description: 'The addendum text, 1..5000 characters' }),
    files: Type.Optional(
      Type.Array(Type.String({ format: 'binary' }), {
        maxItems: 5,
        description:
          'Repeat the field per file. At most 5, each at most 80 MB; images, PDF, DOC or DOCX, recognised ' +
          'from the content (the project upload rules).',
      }),
    ),
  },
  { required: ['text'], examples: [{ text: 'The kitchen island moves 2 ft east; updated plan attached.' }] },
);
