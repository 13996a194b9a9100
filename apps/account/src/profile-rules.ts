/** The profile form's rules (accounts-and-shell sections 5 and 9), as pure functions. */
import type { Role } from '@buildbid/api-client';

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  role: Role;
}

export type ProfileField = keyof ProfileForm;

/** Profile form defaults: country US, role client. */
export const PROFILE_DEFAULTS = { country: 'US', role: 'client' } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ROLES: readonly string[] = ['client', 'contractor', 'vendor', 'admin'];

/** The messages of section 5, one per invalid field. */
export function validateProfile(form: ProfileForm): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  if (!form.firstName.trim()) errors.firstName = 'First name is required';
  if (!form.lastName.trim()) errors.lastName = 'Last name is required';
  if (!EMAIL.test(form.email.trim())) errors.email = 'Invalid email address';
  if (!form.country) errors.country = 'Country is required';
  if (!ROLES.includes(form.role)) errors.role = 'Invalid input';
  return errors;
}

/** The success rate: won projects over total bids, rounded; 0 with no bids. */
export function successRate(wonProjects: number, totalBids: number): number {
  if (!totalBids || totalBids <= 0) return 0;
  return Math.round((wonProjects / totalBids) * 100);
}

/** 'Joined' date, or 'Recently' when the account has no usable creation date. */
export function joinedText(createdAt: string | null | undefined): string {
  if (!createdAt) return 'Recently';
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'Recently';
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** Billing's next date when the provider gives none: now plus 30 days (display only). */
export function fallbackNextBilling(now: Date = new Date()): Date {
  return new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
}
