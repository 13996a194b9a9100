import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { timestamptz } from './entities.ts';

/**
 * The email outbox (Migration20261210000000_messaging). Written and read with SQL by
 * SqlMailOutbox; mapped here so the schema check (entities vs migrations) covers it.
 */
export const EmailOutboxRecord = defineEntity({
  name: 'EmailOutboxRecord',
  tableName: 'email_outbox',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().nullable(),
    recipient: p.string().length(254),
    subject: p.text(),
    textBody: p.text(),
    htmlBody: p.text(),
    headers: p.json<Record<string, string>>().columnType('jsonb').defaultRaw(`'{}'::jsonb`),
    dedupeKey: p.string().length(255).nullable().unique('email_outbox_dedupe_key_unique'),
    attempts: p.integer().default(0),
    nextAttemptAt: timestamptz(),
    lastError: p.text().nullable(),
    sentAt: timestamptz().nullable(),
    createdAt: timestamptz(),
  },
  indexes: [
    { name: 'email_outbox_sent_at_next_attempt_at_index', properties: ['sentAt', 'nextAttemptAt'] },
    // Migration20270202000194: a deleted account's mails are found by user and by address (decision 0194).
    { name: 'email_outbox_user_id_index', properties: ['userId'] },
    { name: 'email_outbox_recipient_index', properties: ['recipient'] },
  ],
});
export type EmailOutboxRecord = InferEntity<typeof EmailOutboxRecord>;
