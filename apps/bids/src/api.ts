/**
 * Every call of the bid screens (the bid dialog, Received Bids, My Bids), through the typed
 * openapi-fetch client (@buildbid/api-client), so each call is checked against the API's generated
 * `paths`. Plain functions: the bids pact (contracts/) calls them as the screens do.
 */
import { createBrowserApi, type OwnBid, type ProjectBid, type UserStats, unwrap } from '@buildbid/api-client';

const api = createBrowserApi();

export async function listProjectBids(id: string): Promise<ProjectBid[]> {
  return unwrap(api.GET('/api/projects/{id}/bids', { params: { path: { id } } }));
}

export interface BidBody {
  amount: number;
  timeline: number;
  proposal: string;
}

/** POST /api/projects/{id}/bids; with an Idempotency-Key, a retry answers the first bid again. */
export async function submitBid(projectId: string, body: BidBody, idempotencyKey?: string): Promise<void> {
  await unwrap(
    api.POST('/api/projects/{id}/bids', {
      params: {
        path: { id: projectId },
        ...(idempotencyKey ? { header: { 'idempotency-key': idempotencyKey } } : {}),
      },
      body,
    }),
  );
}

export async function editBid(bidId: string, body: BidBody): Promise<void> {
  await unwrap(api.PATCH('/api/bids/{bidId}', { params: { path: { bidId } }, body }));
}

export async function setBidStatus(bidId: string, status: 'accepted' | 'rejected'): Promise<void> {
  await unwrap(api.PATCH('/api/bids/{bidId}/status', { params: { path: { bidId } }, body: { status } }));
}

export async function listMyBids(): Promise<OwnBid[]> {
  return unwrap(api.GET('/api/users/me/bids'));
}

export async function getMyStats(): Promise<UserStats> {
  return unwrap(api.GET('/api/users/me/stats'));
}
