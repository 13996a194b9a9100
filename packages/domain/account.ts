/** The limits of an account's fields and the plan's constants. */
export { FREE_MONTHLY_BID_LIMIT, PRO_PRICE_CENTS, PRO_TRIAL_DAYS } from '../../domain/subscription/plan.ts';
export { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from '../../domain/user/user.ts';
