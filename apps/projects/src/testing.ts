/**
 * What the projects remote's tests share beyond @buildbid/test-kit: the shell's callbacks as mocks, a toast
 * waited for, and the post form's messages for its required fields.
 */
import type { ToastInput } from '@buildbid/api-client';
import { waitFor } from '@testing-library/react';
import { expect, type Mock, vi } from 'vitest';

/** The shell's toast, navigate and refreshUser, each a mock to assert on. */
export function shellMocks() {
  return { toast: vi.fn(), navigate: vi.fn(), refreshUser: vi.fn(async () => {}) };
}

/** Waits until the shell's `toast` mock has been called with `expected`. */
export function toasted(toast: Mock, expected: ToastInput): Promise<void> {
  return waitFor(() => expect(toast).toHaveBeenCalledWith(expected));
}

/** The spec's messages for an empty post form, in the spec's order (the country's last). */
export const REQUIRED_MESSAGES = [
  'Title must be at least 5 characters',
  'Description must be at least 20 characters',
  'Please select a category',
  'Please select a project stage',
  'Please select at least one contractor need',
  'Please select at least one construction phase',
  'Please select a country',
] as const;
