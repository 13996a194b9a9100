import type { Project } from '@buildbid/api-client';

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    title: 'Kitchen renovation',
    description: 'Full kitchen renovation with new cabinets, tile and plumbing.',
    projectType: 'general_contractor',
    category: 'Construction',
    location: 'Cable Beach',
    country: 'BS',
    island: 'New Providence',
    city: 'Nassau',
    budgetMin: '5000.00',
    budgetMax: '25000.00',
    status: 'active',
    clientId: 'owner-1',
    attachments: [],
    tags: [],
    services: [],
    servicePhases: [],
    projectStage: 'design_progress',
    contractorNeeds: ['labor_materials'],
    phases: ['interiors'],
    generalContractor: true,
    bidCount: 0,
    deadline: null,
    bidDeadline: null,
    currentPhase: 'bidding',
    phaseStartDate: '2025-06-01T00:00:00.000Z',
    acceptedBidId: null,
    createdAt: '2025-06-10T12:00:00.000Z',
    updatedAt: '2025-06-10T12:00:00.000Z',
    createdBy: { id: 'owner-1', firstName: 'Clara', lastName: 'Knowles', rating: 0, reviewCount: 0 },
    viewCount: 0,
    saveCount: 0,
    savedByMe: false,
    hidden: false,
    myBid: null,
    review: null,
    takingBids: true,
    averageBid: null,
    awardedContractorId: null,
    ...overrides,
  };
}

/** Answers fetch by method and path; unknown routes get 404. */
export function routeFetch(routes: Record<string, (req: Request) => Response | Promise<Response>>) {
  return async (req: Request) => {
    const url = new URL(req.url);
    const handler = routes[`${req.method} ${url.pathname}`];
    return handler
      ? handler(req)
      : new Response('{"message":"Not found","code":"NOT_FOUND"}', { status: 404 });
  };
}
