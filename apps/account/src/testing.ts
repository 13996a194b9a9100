/**
 * What the account remote's tests share beyond @buildbid/test-kit: the shell's callbacks as mocks, a clean
 * slate after each test, a toast waited for, a call whose JSON body is kept, and an earned badge.
 */
import type { ToastInput } from '@buildbid/api-client';
import { jsonResponse, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, expect, type Mock, vi } from 'vitest';
import type { UserBadge } from './api.ts';

/** The shell's toast, navigate and refreshUser, each a mock to assert on. */
export function shellMocks() {
  return { toast: vi.fn(), navigate: vi.fn(), refreshUser: vi.fn(async () => {}) };
}

/** After each test of the calling suite: unmounted, real timers, globals (fetch) and spies restored. */
export function resetAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** Waits until the shell's `toast` mock has been called with `expected`. */
export function toasted(toast: Mock, expected: ToastInput): Promise<void> {
  return waitFor(() => expect(toast).toHaveBeenCalledWith(expected));
}

/**
 * Answers `route` ('PATCH /api/users/me') with 200 and `answer`, and keeps the JSON body each call sent
 * (`sent.body`, the last one).
 */
export function keepBody(route: string, answer: unknown): { body?: unknown } {
  const sent: { body?: unknown } = {};
  routeFetch({
    [route]: async (request: Request) => {
      sent.body = await request.json();
      return jsonResponse(200, answer);
    },
  });
  return sent;
}

/** Badge `i` as GET /api/users/{id}/badges lists it; `badge` sets its category, tier, icon or points. */
export function earnedBadge(i: number, badge: Partial<UserBadge['badge']> = {}): UserBadge {
  return {
    id: `ub${i}`,
    earnedAt: '2026-01-01T00:00:00Z',
    badge: {
      id: `b${i}`,
      name: `Badge ${i}`,
      description: 'd',
      category: 'quality',
      tier: 'gold',
      icon: 'star',
      pointsRequired: 10,
      ...badge,
    },
  };
}
