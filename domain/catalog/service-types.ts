import { findPhaseService } from './projects.ts';

/** The 26 service types (projects-and-bids section 3): contractors' specialties and the edit form's services. */
export interface ServiceType {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

export const SERVICE_TYPES: readonly ServiceType[] = [
  {
    id: 'general_construction',
    name: 'General Construction',
    description:
      'Overall management and building of a project, coordinating every trade from start to finish.',
  },
  {
    id: 'electrical',
    name: 'Electrical',
    description: 'Wiring, panels, lighting, outlets and code-compliant electrical upgrades.',
  },
  {
    id: 'plumbing',
    name: 'Plumbing',
    description: 'Water supply, drainage, fixtures, water heaters and leak repairs.',
  },
  {
    id: 'hvac',
    name: 'HVAC',
    description: 'Heating, ventilation and air conditioning installation, ductwork and servicing.',
  },
  {
    id: 'roofing',
    name: 'Roofing',
    description: 'New roofs, re-roofing, repairs and hurricane-rated roof systems.',
  },
  {
    id: 'flooring',
    name: 'Flooring',
    description: 'Hardwood, laminate, vinyl and other floor installation and refinishing.',
  },
  {
    id: 'painting',
    name: 'Painting',
    description: 'Interior and exterior painting, surface preparation and finishing coats.',
  },
  {
    id: 'carpentry',
    name: 'Carpentry',
    description: 'Framing, trim, built-ins and custom woodwork.',
  },
  {
    id: 'landscaping',
    name: 'Landscaping',
    description: 'Garden design, planting, irrigation and outdoor grounds work.',
  },
  {
    id: 'concrete',
    name: 'Concrete',
    description: 'Foundations, slabs, driveways, walkways and concrete repair.',
  },
  {
    id: 'drywall',
    name: 'Drywall',
    description: 'Hanging, taping, finishing and repairing drywall and ceilings.',
  },
  {
    id: 'windows_doors',
    name: 'Windows & Doors',
    description: 'Installing and replacing windows, doors and impact-rated shutters.',
  },
  {
    id: 'kitchen_renovation',
    name: 'Kitchen Renovation',
    description: 'Full kitchen remodels: layout, cabinets, countertops, fixtures and appliances.',
  },
  {
    id: 'bathroom_renovation',
    name: 'Bathroom Renovation',
    description: 'Bathroom remodels: showers, tubs, vanities, tiling and fixtures.',
  },
  {
    id: 'basement_finishing',
    name: 'Basement Finishing',
    description: 'Turning unfinished lower levels into living space, including moisture control.',
  },
  {
    id: 'deck_patio',
    name: 'Deck & Patio',
    description: 'Building and restoring decks, patios, porches and pergolas.',
  },
  {
    id: 'fencing',
    name: 'Fencing',
    description: 'Wood, vinyl, metal and masonry fences and gates.',
  },
  {
    id: 'siding',
    name: 'Siding',
    description: 'Exterior cladding installation and repair: vinyl, fibre cement and wood.',
  },
  {
    id: 'insulation',
    name: 'Insulation',
    description: 'Wall, attic and floor insulation for comfort and energy savings.',
  },
  {
    id: 'demolition',
    name: 'Demolition',
    description: 'Safe tear-down and removal of structures, interiors and debris.',
  },
  {
    id: 'tile_work',
    name: 'Tile Work',
    description: 'Floor, wall and backsplash tiling in ceramic, porcelain and stone.',
  },
  {
    id: 'masonry',
    name: 'Masonry',
    description: 'Block, brick and stone construction, walls and repairs.',
  },
  {
    id: 'solar_installation',
    name: 'Solar Installation',
    description: 'Solar panels, inverters and battery storage, designed and installed.',
  },
  {
    id: 'pool_installation',
    name: 'Pool Installation',
    description: 'In-ground and above-ground pools, decks and pool equipment.',
  },
  {
    id: 'garage_construction',
    name: 'Garage Construction',
    description: 'Detached and attached garages, carports and conversions.',
  },
  {
    id: 'home_addition',
    name: 'Home Addition',
    description: 'Extending a home with new rooms, storeys or living space.',
  },
];

const serviceTypeIds = new Set(SERVICE_TYPES.map((s) => s.id));

export function isServiceType(id: string): boolean {
  return serviceTypeIds.has(id);
}

/**
 * A project's `services` may hold phase-group services (what the post form adds when a phase is
 * selected) and service types (the edit form and contractors' specialties). Both are known ids.
 */
export function isKnownServiceId(id: string): boolean {
  return serviceTypeIds.has(id) || findPhaseService(id) !== undefined;
}

/**
 * The phase-group services that name the same work as a service type (the post form adds 'tile', the
 * edit form offers 'tile_work'): a project holding both shows one chip (decision 0196).
 */
export const SAME_SERVICE: Readonly<Record<string, string>> = {
  tile: 'tile_work',
  solar: 'solar_installation',
  pool: 'pool_installation',
};

/** A project's services with each service once, in the order first met (for chips and counts). */
export function distinctServices(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => {
    const key = SAME_SERVICE[id] ?? id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
