import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { timestamptz } from './entities.ts';

/**
 * Mappings of the payment tables (Migration20261215000000_payments). They are listed in `entities`
 * (./orm.ts) for the schema comparison; the repository (./mikro-orm-payment-records.ts) uses SQL.
 * `user_id` carries no foreign key: a relation to UserRecord would make these two files import each
 * other, and users are never deleted.
 */

/** The last known state of each provider subscription (the Billing tab reads it). */
export const PaymentSubscriptionRecord = defineEntity({
  name: 'PaymentSubscriptionRecord',
  tableName: 'payment_subscriptions',
  properties: {
    /** The provider's subscription id (sub_...). */
    id: p.string().length(255).primary(),
    userId: p.uuid(),
    customerId: p.string().length(255),
    status: p.string().length(30),
    trialEnd: timestamptz().nullable(),
    currentPeriodEnd: timestamptz().nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    amountCents: p.integer().nullable(),
    currency: p.string().length(3).nullable(),
    createdAt: timestamptz(),
    updatedAt: timestamptz(),
  },
  indexes: [{ name: 'payment_subscriptions_user_id_created_at_index', properties: ['userId', 'createdAt'] }],
});
export type PaymentSubscriptionRecord = InferEntity<typeof PaymentSubscriptionRecord>;

/** Provider events already handled: a replayed webhook finds its id here and changes nothing. */
export const PaymentEventRecord = defineEntity({
  name: 'PaymentEventRecord',
  tableName: 'payment_events',
  properties: {
    /** The provider's event id (evt_...). */
    id: p.string().length(255).primary(),
    type: p.string().length(100),
    receivedAt: timestamptz(),
  },
});
export type PaymentEventRecord = InferEntity<typeof PaymentEventRecord>;
