import { describe, expect, it } from 'vitest';
import { findPhaseService } from '#domain/catalog/projects.ts';
import { distinctServices, isServiceType, SAME_SERVICE } from '#domain/catalog/service-types.ts';

describe('one chip per service across the two catalogues (decision 0196)', () => {
  it('pairs only a phase-group service with a service type', () => {
    for (const [phaseService, serviceType] of Object.entries(SAME_SERVICE)) {
      expect(findPhaseService(phaseService), phaseService).toBeDefined();
      expect(isServiceType(serviceType), serviceType).toBe(true);
    }
  });

  it("keeps each service once, in the order first met: 'Tile' and 'Tile Work' are one", () => {
    expect(distinctServices(['tile', 'tile_work', 'plumbing'])).toEqual(['tile', 'plumbing']);
    expect(distinctServices(['tile_work', 'roofing', 'tile'])).toEqual(['tile_work', 'roofing']);
    expect(distinctServices(['pool', 'pool_installation', 'solar_installation', 'solar'])).toEqual([
      'pool',
      'solar_installation',
    ]);
    expect(distinctServices(['roofing', 'roofing', 'decking', 'deck_patio'])).toEqual([
      'roofing',
      'decking',
      'deck_patio',
    ]);
  });
});
