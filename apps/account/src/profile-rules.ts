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

// ---- Change password (decision 0160) ----------------------------------------------------------

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeForm;

/** The register page's rule (the API refuses shorter passwords too). */
const MIN_PASSWORD_LENGTH = 8;

/** The register page's checks, each under its field; the server checks the rest (common passwords). */
export function validatePasswordChange(
  form: PasswordChangeForm,
): Partial<Record<PasswordChangeField, string>> {
  const errors: Partial<Record<PasswordChangeField, string>> = {};
  if (form.currentPassword === '') errors.currentPassword = 'Enter your current password';
  if (form.newPassword.length < MIN_PASSWORD_LENGTH)
    errors.newPassword = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  else if (form.newPassword.trim() === '') errors.newPassword = 'Password cannot be only spaces';
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

/**
 * Which field a refused password change belongs under: the answer's `field`, else by its code
 * (WRONG_PASSWORD and PASSWORD_REQUIRED are about the current password; the rule codes about the new one).
 */
export function passwordErrorField(
  code: string | undefined,
  field: string | undefined,
): 'currentPassword' | 'newPassword' | null {
  if (field === 'currentPassword' || field === 'newPassword') return field;
  if (code === 'WRONG_PASSWORD' || code === 'PASSWORD_REQUIRED') return 'currentPassword';
  if (code?.startsWith('PASSWORD_')) return 'newPassword';
  return null;
}
