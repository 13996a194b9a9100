import type { PasswordHasher, UserRepository } from '../../../application/accounts/ports.ts';
import { PromoteToAdmin, RegisterUser } from '../../../application/accounts/use-cases.ts';
import { DecideBid, SubmitBid } from '../../../application/bids/use-cases.ts';
import { CancelProject, MoveProjectPhase, PostProject } from '../../../application/projects/use-cases.ts';
import { ReviewContractor } from '../../../application/reviews/use-cases.ts';
import type { Clock } from '../../../application/shared/ports.ts';
import { calendarMonthOf } from '../../../domain/shared/time-zone.ts';
import type { User } from '../../../domain/user/user.ts';
import type { Composition } from './container.ts';
import { TOKENS } from './container.ts';

export const DEMO_PASSWORD = 'buildbid-demo';

export interface DemoAccount {
  role: 'client' | 'contractor' | 'vendor' | 'admin';
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  /** Pro accounts are upgraded directly (no payment provider subscription behind them). */
  plan: 'free' | 'pro';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'client',
    email: 'client@demo.buildbid.bs',
    firstName: 'Clara',
    lastName: 'Knowles',
    country: 'BS',
    plan: 'free',
  },
  {
    role: 'contractor',
    email: 'contractor@demo.buildbid.bs',
    firstName: 'Marcus',
    lastName: 'Rolle',
    country: 'BS',
    plan: 'free',
  },
  {
    role: 'vendor',
    email: 'vendor@demo.buildbid.bs',
    firstName: 'Vanessa',
    lastName: 'Ferguson',
    country: 'BS',
    plan: 'free',
  },
  {
    role: 'admin',
    email: 'admin@demo.buildbid.bs',
    firstName: 'Adrian',
    lastName: 'Pinder',
    country: 'BS',
    plan: 'free',
  },
  {
    role: 'client',
    email: 'client2@demo.buildbid.bs',
    firstName: 'Dwayne',
    lastName: 'Saunders',
    country: 'BS',
    plan: 'free',
  },
  {
    role: 'client',
    email: 'client3@demo.buildbid.bs',
    firstName: 'Monique',
    lastName: 'Bethel',
    country: 'BS',
    plan: 'free',
  },
  {
    role: 'contractor',
    email: 'contractor2@demo.buildbid.bs',
    firstName: 'Terrence',
    lastName: 'Moss',
    country: 'BS',
    plan: 'pro',
  },
  {
    role: 'contractor',
    email: 'contractor3@demo.buildbid.bs',
    firstName: 'Kendra',
    lastName: 'Darville',
    country: 'BS',
    plan: 'pro',
  },
  {
    role: 'contractor',
    email: 'contractor4@demo.buildbid.bs',
    firstName: 'Shawn',
    lastName: 'Cartwright',
    country: 'BS',
    plan: 'pro',
  },
];

// ---- The demo projects -------------------------------------------------------------------

type Owner = 'clara' | 'dwayne' | 'monique';
type Bidder = 'marcus' | 'vanessa' | 'terrence' | 'kendra' | 'shawn';
type TargetPhase = 'bidding' | 'awarded' | 'in_progress' | 'review' | 'completed';

interface DemoProject {
  title: string;
  description: string;
  owner: Owner;
  island: string;
  city: string;
  category: string;
  projectType: string;
  stage: string;
  needs: string[];
  phases: string[];
  services: string[];
  servicePhases: string[];
  tags: string[];
  /** [min, max] in dollars, or null for "negotiable". */
  budget: [number, number] | null;
  /** A typical price (dollars) and duration (days) the bids scatter around. */
  estimate: number;
  days: number;
  /** Where the project ends up; `cancelled` cancels it from bidding or after the award. */
  phase: TargetPhase;
  cancelled?: 'in_bidding' | 'after_award';
  /** Posted this many days before the seed runs. */
  daysAgo: number;
  bids: number;
  /** Who should win, when that bidder could bid (their free quota allowing). Default: a Pro contractor. */
  winner?: 'marcus' | 'vanessa';
  /** The owner declines one pending bid while still in bidding. */
  declineOne?: boolean;
  review?: { rating: number; comment: string };
}

const DEMO_PROJECTS: readonly DemoProject[] = [
  // ---- completed ----
  {
    title: 'Hurricane shutters for a two-storey home',
    description:
      'Supply and fit roll-down aluminium hurricane shutters on 14 windows and two sliding doors of a two-storey concrete home in Nassau. Motorised on the ground floor, manual upstairs. Existing openings are standard sizes; please include removal of the old accordion shutters.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'permit_approved',
    needs: ['labor_materials'],
    phases: ['envelope_roofing'],
    services: ['windows_doors', 'waterproofing'],
    servicePhases: ['building_envelope'],
    tags: ['hurricane', 'shutters', 'windows'],
    budget: [8000, 12000],
    estimate: 10500,
    days: 14,
    phase: 'completed',
    daysAgo: 58,
    bids: 4,
    winner: 'marcus',
    review: {
      rating: 5,
      comment:
        'Marcus and his crew were on time every day, left the site clean and the shutters work perfectly.',
    },
  },
  {
    title: 'Re-roof a cottage after storm damage',
    description:
      'Strip and replace the hip roof of a 1,200 sq ft cottage in Marsh Harbour damaged in the last storm. Replace rotten fascia and sheathing where needed, new underlayment, hurricane straps and 26-gauge standing seam metal roofing.',
    owner: 'dwayne',
    island: 'Abaco',
    city: 'Marsh Harbour',
    category: 'Residential',
    projectType: 'residential',
    stage: 'under_construction',
    needs: ['labor_materials'],
    phases: ['envelope_roofing'],
    services: ['roofing', 'insulation'],
    servicePhases: ['building_envelope'],
    tags: ['roof', 'storm repair', 'metal roofing'],
    budget: [18000, 26000],
    estimate: 22000,
    days: 21,
    phase: 'completed',
    daysAgo: 55,
    bids: 3,
    review: { rating: 4, comment: 'Solid roof and fair price. Finished a few days later than planned.' },
  },
  {
    title: 'Kitchen remodel with island and new cabinets',
    description:
      'Full kitchen remodel in a Nassau family home: remove the old cabinets, new shaker cabinets with a quartz-topped island, move the sink under the window, new tile floor and backsplash, and four new circuits for appliances. Design drawings are ready.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Interior',
    projectType: 'residential',
    stage: 'design_progress',
    needs: ['labor_materials', 'design_help'],
    phases: ['interiors', 'mep_systems'],
    services: ['kitchen_renovation', 'cabinetry', 'plumbing', 'electrical', 'tile'],
    servicePhases: ['interior', 'specialty_rooms'],
    tags: ['kitchen', 'cabinets', 'remodel'],
    budget: [25000, 40000],
    estimate: 33000,
    days: 30,
    phase: 'completed',
    daysAgo: 52,
    bids: 5,
    winner: 'marcus',
    review: {
      rating: 4,
      comment: 'Beautiful kitchen. Communication was good; one cabinet door had to be reordered.',
    },
  },
  {
    title: 'Concrete driveway and walkway replacement',
    description:
      'Break out a cracked 60 ft driveway and the front walkway, regrade with fill and compact, and pour a 4 inch reinforced concrete driveway with a broom finish. Freeport, easy truck access from the street.',
    owner: 'monique',
    island: 'Grand Bahama',
    city: 'Freeport',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'idea_planning',
    needs: ['labor_materials'],
    phases: ['site_demo', 'exterior_landscape'],
    services: ['demolition', 'concrete', 'paving'],
    servicePhases: ['site_work', 'outdoor'],
    tags: ['driveway', 'concrete'],
    budget: [6000, 9000],
    estimate: 7800,
    days: 10,
    phase: 'completed',
    daysAgo: 49,
    bids: 3,
    review: { rating: 5, comment: 'Excellent finish and they hauled away all the old concrete.' },
  },
  {
    title: 'Interior repaint of a beachfront villa',
    description:
      'Repaint all interior walls and ceilings of a four-bedroom villa in George Town (about 5,500 sq ft of wall area). Patch small cracks first; mildew-resistant paint in the bathrooms. The villa is empty between guest bookings.',
    owner: 'clara',
    island: 'Exuma',
    city: 'George Town',
    category: 'Interior',
    projectType: 'residential',
    stage: 'turnover_punch',
    needs: ['labor_only'],
    phases: ['interiors'],
    services: ['painting', 'drywall'],
    servicePhases: ['interior'],
    tags: ['painting', 'villa'],
    budget: [7000, 11000],
    estimate: 9000,
    days: 12,
    phase: 'completed',
    daysAgo: 46,
    bids: 2,
  },
  {
    title: 'Supply of pavers and bedding sand for a pool deck',
    description:
      'Looking for a supplier to deliver 1,100 sq ft of travertine-look concrete pavers, bedding sand and polymeric joint sand to a site in Governor’s Harbour. Our own crew will lay them. Delivery by barge or mail boat, please quote including freight.',
    owner: 'dwayne',
    island: 'Eleuthera',
    city: "Governor's Harbour",
    category: 'Exterior',
    projectType: 'residential',
    stage: 'under_construction',
    needs: ['supply_only', 'delivery_logistics'],
    phases: ['exterior_landscape'],
    services: ['paving'],
    servicePhases: ['outdoor'],
    tags: ['pavers', 'pool deck', 'delivery'],
    budget: [4000, 6500],
    estimate: 5200,
    days: 7,
    phase: 'completed',
    daysAgo: 44,
    bids: 3,
    winner: 'vanessa',
  },
  // ---- under review ----
  {
    title: 'Bathroom renovation with walk-in shower',
    description:
      'Convert a tub into a curbless walk-in shower, new vanity and toilet, waterproofing membrane, large-format porcelain tile floor to ceiling. Second-floor bathroom in a Nassau townhouse.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Interior',
    projectType: 'residential',
    stage: 'design_progress',
    needs: ['labor_materials'],
    phases: ['interiors', 'mep_systems'],
    services: ['bathroom_renovation', 'tile', 'plumbing'],
    servicePhases: ['interior', 'specialty_rooms'],
    tags: ['bathroom', 'shower', 'tile'],
    budget: [12000, 18000],
    estimate: 15500,
    days: 20,
    phase: 'review',
    daysAgo: 42,
    bids: 4,
    winner: 'marcus',
  },
  {
    title: 'Office fit-out for a small accounting firm',
    description:
      'Fit out 2,400 sq ft of shell office space on Bay Street: six private offices, a meeting room and a kitchenette. Metal stud and drywall partitions, LED lighting, data cabling, split AC and vinyl plank flooring.',
    owner: 'monique',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'shell_complete',
    needs: ['labor_materials'],
    phases: ['interiors', 'mep_systems'],
    services: ['drywall', 'electrical', 'hvac', 'flooring', 'painting'],
    servicePhases: ['interior', 'systems'],
    tags: ['office', 'fit-out'],
    budget: [45000, 70000],
    estimate: 61000,
    days: 45,
    phase: 'review',
    daysAgo: 38,
    bids: 5,
  },
  {
    title: 'Wooden dock repair at Hope Town',
    description:
      'Replace 18 rotten decking boards and two stringers on a private 40 ft dock, re-fasten with stainless hardware and add two new cleats. Pilings were checked last year and are sound.',
    owner: 'dwayne',
    island: 'Abaco',
    city: 'Hope Town',
    category: 'Exterior',
    projectType: 'specialty',
    stage: 'under_construction',
    needs: ['labor_materials'],
    phases: ['exterior_landscape', 'structure_shell'],
    services: ['carpentry', 'decking'],
    servicePhases: ['outdoor'],
    tags: ['dock', 'marine'],
    budget: [9000, 15000],
    estimate: 11500,
    days: 10,
    phase: 'review',
    daysAgo: 35,
    bids: 2,
  },
  {
    title: 'Split AC units for a guesthouse',
    description:
      'Install six 12,000 BTU inverter mini-split units in a guesthouse in Alice Town, with new dedicated circuits from the panel and condensate lines. Units can be supplied by the contractor or by us.',
    owner: 'clara',
    island: 'Bimini',
    city: 'Alice Town',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'under_construction',
    needs: ['labor_materials'],
    phases: ['mep_systems'],
    services: ['hvac', 'electrical'],
    servicePhases: ['systems'],
    tags: ['air conditioning', 'guesthouse'],
    budget: [14000, 20000],
    estimate: 17000,
    days: 12,
    phase: 'review',
    daysAgo: 31,
    bids: 3,
  },
  // ---- in progress ----
  {
    title: 'Two-bedroom home addition',
    description:
      'Add two bedrooms and a bathroom (about 650 sq ft) to a single-storey block house in western New Providence. Approved plans and permit in hand. Footings, block walls, tie beam, timber roof to match the existing one.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Residential',
    projectType: 'general_contractor',
    stage: 'permit_approved',
    needs: ['labor_materials', 'permit_assist'],
    phases: ['site_demo', 'structure_shell', 'envelope_roofing'],
    services: ['home_addition', 'concrete', 'masonry', 'framing', 'roofing'],
    servicePhases: ['structure', 'building_envelope'],
    tags: ['addition', 'bedrooms'],
    budget: [90000, 140000],
    estimate: 118000,
    days: 120,
    phase: 'in_progress',
    daysAgo: 40,
    bids: 4,
  },
  {
    title: 'Solar panels and battery backup',
    description:
      'Design and install a 10 kW rooftop solar system with 20 kWh of battery storage so the house keeps running through outages. Concrete roof, south-facing slope. Include the BPL interconnection paperwork.',
    owner: 'monique',
    island: 'Eleuthera',
    city: 'Rock Sound',
    category: 'Residential',
    projectType: 'residential',
    stage: 'permit_approved',
    needs: ['labor_materials'],
    phases: ['mep_systems'],
    services: ['solar_installation', 'electrical'],
    servicePhases: ['systems'],
    tags: ['solar', 'battery', 'energy'],
    budget: [22000, 35000],
    estimate: 29500,
    days: 21,
    phase: 'in_progress',
    daysAgo: 33,
    bids: 5,
    winner: 'marcus',
  },
  {
    title: 'Warehouse roof insulation and vents',
    description:
      'Spray foam insulation under 9,000 sq ft of metal warehouse roof in Freeport, plus four ridge vents. The building stays in use, so work has to be sequenced bay by bay.',
    owner: 'dwayne',
    island: 'Grand Bahama',
    city: 'Freeport',
    category: 'Industrial',
    projectType: 'industrial',
    stage: 'under_construction',
    needs: ['labor_materials'],
    phases: ['envelope_roofing'],
    services: ['insulation', 'roofing'],
    servicePhases: ['building_envelope'],
    tags: ['warehouse', 'insulation'],
    budget: [30000, 48000],
    estimate: 39000,
    days: 25,
    phase: 'in_progress',
    daysAgo: 28,
    bids: 3,
  },
  {
    title: 'Restaurant kitchen exhaust and plumbing upgrade',
    description:
      'Commercial kitchen upgrade for a restaurant on Paradise Island: new stainless exhaust hood with fire suppression, grease trap, and relocated prep sinks. Work must happen on two closing days a week.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Paradise Island',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'permit_submitted',
    needs: ['labor_materials'],
    phases: ['mep_systems'],
    services: ['plumbing', 'hvac', 'fire_sprinkler'],
    servicePhases: ['systems', 'specialty_rooms'],
    tags: ['restaurant', 'kitchen', 'commercial'],
    budget: [35000, 55000],
    estimate: 46000,
    days: 28,
    phase: 'in_progress',
    daysAgo: 24,
    bids: 2,
  },
  {
    title: 'Garden landscaping and irrigation',
    description:
      'Lay out a native garden around a new home in Clarence Town: clear scrub, bring in topsoil, plant palms, sea grape and bougainvillea, and install drip irrigation on a timer.',
    owner: 'monique',
    island: 'Long Island',
    city: 'Clarence Town',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'turnover_punch',
    needs: ['labor_only'],
    phases: ['exterior_landscape'],
    services: ['landscaping'],
    servicePhases: ['outdoor'],
    tags: ['garden', 'irrigation'],
    budget: [5000, 8000],
    estimate: 6800,
    days: 10,
    phase: 'in_progress',
    daysAgo: 20,
    bids: 3,
  },
  // ---- awarded ----
  {
    title: 'Block boundary wall with gate',
    description:
      'Build a 6 ft block boundary wall (about 180 linear ft) on a corner lot in Fresh Creek, with footing, rendered both sides, and a 12 ft opening for a sliding gate.',
    owner: 'dwayne',
    island: 'Andros',
    city: 'Fresh Creek',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'idea_planning',
    needs: ['labor_materials'],
    phases: ['site_demo', 'structure_shell'],
    services: ['masonry', 'concrete', 'fencing'],
    servicePhases: ['site_work', 'outdoor'],
    tags: ['wall', 'gate', 'masonry'],
    budget: [10000, 16000],
    estimate: 13500,
    days: 18,
    phase: 'awarded',
    daysAgo: 22,
    bids: 4,
  },
  {
    title: 'Tile flooring for a three-bedroom house',
    description:
      'Lay 1,600 sq ft of 24x24 porcelain tile through a three-bedroom house in Eight Mile Rock, including leveling where needed and baseboards. Tile is already purchased and on site.',
    owner: 'clara',
    island: 'Grand Bahama',
    city: 'Eight Mile Rock',
    category: 'Interior',
    projectType: 'residential',
    stage: 'shell_complete',
    needs: ['labor_only'],
    phases: ['interiors'],
    services: ['flooring', 'tile'],
    servicePhases: ['interior'],
    tags: ['tile', 'flooring'],
    budget: [8000, 13000],
    estimate: 10200,
    days: 14,
    phase: 'awarded',
    daysAgo: 18,
    bids: 3,
  },
  {
    title: 'Electrical rewiring of an older home',
    description:
      'Rewire a 1970s house in Nassau: new 200 A panel, copper wiring throughout, GFCI outlets in wet areas and surge protection. A site visit is welcome before quoting.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Residential',
    projectType: 'residential',
    stage: 'under_construction',
    needs: ['labor_materials', 'site_visit'],
    phases: ['mep_systems'],
    services: ['electrical'],
    servicePhases: ['systems'],
    tags: ['rewiring', 'electrical', 'safety'],
    budget: [9000, 14000],
    estimate: 11800,
    days: 15,
    phase: 'awarded',
    daysAgo: 15,
    bids: 4,
  },
  {
    title: 'Timber deck and pergola',
    description:
      'Build a 400 sq ft pressure-treated pine deck off the back of a cottage at Staniel Cay, with a pergola over half of it and built-in benches. Materials come in by boat, so plan deliveries with us.',
    owner: 'monique',
    island: 'Exuma',
    city: 'Staniel Cay',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'design_progress',
    needs: ['labor_materials'],
    phases: ['exterior_landscape'],
    services: ['decking', 'carpentry', 'deck_patio'],
    servicePhases: ['outdoor'],
    tags: ['deck', 'pergola'],
    budget: [15000, 22000],
    estimate: 18500,
    days: 20,
    phase: 'awarded',
    daysAgo: 12,
    bids: 2,
  },
  {
    title: 'Ready-mix and rebar supply for a foundation pour',
    description:
      'Supply 60 cubic yards of 4,000 psi ready-mix with pump truck and 5 tons of #5 rebar for the foundation of a two-storey retail building in Nassau. Pour planned in three stages.',
    owner: 'dwayne',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'permit_approved',
    needs: ['supply_only', 'delivery_logistics'],
    phases: ['site_demo', 'structure_shell'],
    services: ['concrete'],
    servicePhases: ['structure'],
    tags: ['concrete', 'rebar', 'supply'],
    budget: [28000, 40000],
    estimate: 34000,
    days: 21,
    phase: 'awarded',
    daysAgo: 9,
    bids: 3,
    winner: 'vanessa',
  },
  // ---- cancelled ----
  {
    title: 'Pool resurfacing and new waterline tile',
    description:
      'Drain, acid wash and resurface a 16x32 ft gunite pool with quartz finish, replace the waterline tile and both skimmer lids. Paradise Island villa.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Paradise Island',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'idea_planning',
    needs: ['labor_materials'],
    phases: ['exterior_landscape'],
    services: ['pool', 'pool_installation', 'tile'],
    servicePhases: ['outdoor'],
    tags: ['pool', 'resurfacing'],
    budget: [12000, 20000],
    estimate: 15000,
    days: 12,
    phase: 'bidding',
    cancelled: 'in_bidding',
    daysAgo: 50,
    bids: 2,
  },
  {
    title: 'Church hall roof replacement',
    description:
      'Replace the asphalt shingle roof of a 3,000 sq ft church hall in New Bight with metal roofing, new fascia and gutters. Looking for estimates first while the congregation raises funds.',
    owner: 'monique',
    island: 'Cat Island',
    city: 'New Bight',
    category: 'Commercial',
    projectType: 'institutional',
    stage: 'design_progress',
    needs: ['estimate_only'],
    phases: ['envelope_roofing'],
    services: ['roofing'],
    servicePhases: ['building_envelope'],
    tags: ['roof', 'church'],
    budget: null,
    estimate: 42000,
    days: 30,
    phase: 'awarded',
    cancelled: 'after_award',
    daysAgo: 36,
    bids: 3,
  },
  {
    title: 'Garage conversion to a studio apartment',
    description:
      'Turn a detached double garage in West End into a rental studio: insulate and drywall, add a kitchenette and a shower room, new windows in place of the garage door.',
    owner: 'dwayne',
    island: 'Grand Bahama',
    city: 'West End',
    category: 'Residential',
    projectType: 'residential',
    stage: 'idea_planning',
    needs: ['design_help', 'estimate_only'],
    phases: ['interiors', 'mep_systems'],
    services: ['garage_construction', 'drywall', 'plumbing', 'electrical'],
    servicePhases: ['interior', 'systems'],
    tags: ['garage', 'conversion', 'studio'],
    budget: [20000, 30000],
    estimate: 26000,
    days: 40,
    phase: 'bidding',
    cancelled: 'in_bidding',
    daysAgo: 26,
    bids: 0,
  },
  {
    title: 'Fence replacement around a corner lot',
    description:
      'Remove a leaning wooden fence and put up 220 ft of 5 ft vinyl privacy fence with one walk gate, Treasure Cay. Posts set in concrete.',
    owner: 'clara',
    island: 'Abaco',
    city: 'Treasure Cay',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'idea_planning',
    needs: ['labor_materials'],
    phases: ['exterior_landscape'],
    services: ['fencing'],
    servicePhases: ['outdoor'],
    tags: ['fence'],
    budget: [3000, 5000],
    estimate: 4400,
    days: 6,
    phase: 'bidding',
    cancelled: 'in_bidding',
    daysAgo: 14,
    bids: 1,
  },
  // ---- taking bids ----
  {
    title: 'Kitchen cabinets and countertops replacement',
    description:
      'Replace the kitchen cabinets (about 22 linear ft) and laminate countertops with solid wood cabinets and granite tops in a Nassau condo. Appliances stay; sink and faucet are new.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Interior',
    projectType: 'residential',
    stage: 'design_progress',
    needs: ['labor_materials'],
    phases: ['interiors'],
    services: ['kitchen_renovation', 'cabinetry'],
    servicePhases: ['interior', 'specialty_rooms'],
    tags: ['kitchen', 'countertops', 'cabinets'],
    budget: [15000, 25000],
    estimate: 19500,
    days: 18,
    phase: 'bidding',
    daysAgo: 25,
    bids: 5,
    declineOne: true,
  },
  {
    title: 'Storm-rated impact windows and doors',
    description:
      'Replace 11 windows and the front door of a Freeport home with impact-rated units (Miami-Dade approved or equal). Include removal, disposal, sealing and interior trim.',
    owner: 'monique',
    island: 'Grand Bahama',
    city: 'Freeport',
    category: 'Residential',
    projectType: 'residential',
    stage: 'permit_approved',
    needs: ['labor_materials'],
    phases: ['envelope_roofing'],
    services: ['windows_doors', 'waterproofing'],
    servicePhases: ['building_envelope'],
    tags: ['windows', 'hurricane', 'doors'],
    budget: [20000, 32000],
    estimate: 27000,
    days: 14,
    phase: 'bidding',
    daysAgo: 21,
    bids: 4,
  },
  {
    title: 'Boutique hotel lobby renovation',
    description:
      'Renovate the lobby and reception of a 12-room boutique hotel on Harbour Island: new hardwood-look flooring, custom reception desk, wall panelling and repaint. Work between May and June, low season.',
    owner: 'dwayne',
    island: 'Eleuthera',
    city: 'Harbour Island',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'design_progress',
    needs: ['labor_materials', 'design_help'],
    phases: ['interiors'],
    services: ['flooring', 'painting', 'finish_carpentry'],
    servicePhases: ['interior'],
    tags: ['hotel', 'lobby', 'renovation'],
    budget: [60000, 95000],
    estimate: 78000,
    days: 45,
    phase: 'bidding',
    daysAgo: 19,
    bids: 3,
  },
  {
    title: 'Water tank and pump replacement',
    description:
      'Replace a 1,500 gallon above-ground water tank and the pressure pump at a house in Deadman’s Cay, and re-plumb the connection to the house with PEX.',
    owner: 'clara',
    island: 'Long Island',
    city: "Deadman's Cay",
    category: 'Residential',
    projectType: 'residential',
    stage: 'under_construction',
    needs: ['labor_materials'],
    phases: ['mep_systems'],
    services: ['plumbing'],
    servicePhases: ['systems'],
    tags: ['water tank', 'pump', 'plumbing'],
    budget: [3500, 6000],
    estimate: 4800,
    days: 5,
    phase: 'bidding',
    daysAgo: 17,
    bids: 2,
  },
  {
    title: 'New septic system and drainage field',
    description:
      'Install a new 1,000 gallon septic tank and drainage field for a four-bedroom house in Nicholls Town. Soil test done; permit application submitted, help with the inspection welcome.',
    owner: 'monique',
    island: 'Andros',
    city: 'Nicholls Town',
    category: 'Residential',
    projectType: 'residential',
    stage: 'permit_submitted',
    needs: ['labor_materials', 'permit_assist'],
    phases: ['site_demo'],
    services: ['excavation', 'site_work', 'plumbing'],
    servicePhases: ['site_work'],
    tags: ['septic', 'drainage'],
    budget: [11000, 17000],
    estimate: 14000,
    days: 12,
    phase: 'bidding',
    daysAgo: 16,
    bids: 3,
  },
  {
    title: 'Cistern waterproofing',
    description:
      'Drain, clean and waterproof an 8,000 gallon underground concrete cistern with a potable-water-safe coating. Cockburn Town, San Salvador. Please quote per square foot as well.',
    owner: 'dwayne',
    island: 'San Salvador',
    city: 'Cockburn Town',
    category: 'Residential',
    projectType: 'residential',
    stage: 'shell_complete',
    needs: ['labor_materials'],
    phases: ['envelope_roofing'],
    services: ['waterproofing'],
    servicePhases: ['building_envelope'],
    tags: ['cistern', 'waterproofing'],
    budget: null,
    estimate: 6500,
    days: 6,
    phase: 'bidding',
    daysAgo: 13,
    bids: 1,
  },
  {
    title: 'Demolition of a storm-damaged outbuilding',
    description:
      'Demolish a 20x24 ft wood-frame outbuilding that lost its roof, haul away the debris and leave the slab clean for a new workshop. Marsh Harbour.',
    owner: 'clara',
    island: 'Abaco',
    city: 'Marsh Harbour',
    category: 'Exterior',
    projectType: 'residential',
    stage: 'idea_planning',
    needs: ['labor_only'],
    phases: ['site_demo'],
    services: ['demolition', 'site_work'],
    servicePhases: ['site_work'],
    tags: ['demolition', 'cleanup'],
    budget: [2500, 4500],
    estimate: 3600,
    days: 4,
    phase: 'bidding',
    daysAgo: 11,
    bids: 4,
  },
  {
    title: 'Retail storefront build-out',
    description:
      'Build out a 1,800 sq ft retail unit in downtown Nassau for a clothing boutique: partitions for stockroom and fitting rooms, track lighting, polished concrete floor sealing and a painted feature wall.',
    owner: 'monique',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'shell_complete',
    needs: ['labor_materials'],
    phases: ['interiors', 'mep_systems'],
    services: ['drywall', 'electrical', 'flooring', 'painting'],
    servicePhases: ['interior', 'systems'],
    tags: ['retail', 'storefront'],
    budget: [38000, 60000],
    estimate: 49000,
    days: 35,
    phase: 'bidding',
    daysAgo: 10,
    bids: 5,
    declineOne: true,
  },
  {
    title: 'Dive shop roof and gutters',
    description:
      'Replace the corrugated roof and add seamless aluminium gutters on a 1,400 sq ft dive shop in Bailey Town. The shop must stay open; work can start at 6 am.',
    owner: 'dwayne',
    island: 'Bimini',
    city: 'Bailey Town',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'under_construction',
    needs: ['labor_materials'],
    phases: ['envelope_roofing'],
    services: ['roofing'],
    servicePhases: ['building_envelope'],
    tags: ['roof', 'gutters'],
    budget: [8000, 12000],
    estimate: 10000,
    days: 8,
    phase: 'bidding',
    daysAgo: 8,
    bids: 2,
  },
  {
    title: 'Kitchen and laundry plumbing rough-in',
    description:
      'Plumbing rough-in for the kitchen, laundry and two bathrooms of a new house in George Town: supply and drain lines to stub-outs, pressure test and inspection. Fixtures later.',
    owner: 'clara',
    island: 'Exuma',
    city: 'George Town',
    category: 'Residential',
    projectType: 'residential',
    stage: 'under_construction',
    needs: ['labor_only'],
    phases: ['mep_systems'],
    services: ['plumbing'],
    servicePhases: ['systems'],
    tags: ['plumbing', 'kitchen', 'laundry'],
    budget: [4000, 7000],
    estimate: 5600,
    days: 7,
    phase: 'bidding',
    daysAgo: 7,
    bids: 3,
  },
  {
    title: 'Guest cottage framing and sheathing',
    description:
      'Frame walls and roof of a 720 sq ft guest cottage on Great Harbour Cay from approved plans, with hurricane ties and plywood sheathing. Slab is poured; lumber package delivered by us.',
    owner: 'monique',
    island: 'Berry Islands',
    city: 'Great Harbour Cay',
    category: 'Residential',
    projectType: 'residential',
    stage: 'permit_approved',
    needs: ['labor_only'],
    phases: ['structure_shell'],
    services: ['framing', 'carpentry'],
    servicePhases: ['structure'],
    tags: ['framing', 'cottage'],
    budget: [18000, 28000],
    estimate: 23000,
    days: 21,
    phase: 'bidding',
    daysAgo: 6,
    bids: 0,
  },
  {
    title: 'Fire sprinkler inspection and retrofit',
    description:
      'Inspect the wet sprinkler system of a three-storey office building in Nassau, replace corroded heads and the riser valve, and certify for the fire marshal.',
    owner: 'dwayne',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Commercial',
    projectType: 'commercial',
    stage: 'turnover_punch',
    needs: ['site_visit', 'labor_materials'],
    phases: ['mep_systems'],
    services: ['fire_sprinkler'],
    servicePhases: ['systems'],
    tags: ['fire safety', 'sprinkler'],
    budget: [14000, 22000],
    estimate: 17500,
    days: 10,
    phase: 'bidding',
    daysAgo: 5,
    bids: 2,
  },
  {
    title: 'Kitchen backsplash and tile floor',
    description:
      'Tile a 30 sq ft kitchen backsplash with subway tile and lay 180 sq ft of floor tile in the kitchen and dining area. Nassau apartment, tiles supplied by the owner.',
    owner: 'clara',
    island: 'New Providence',
    city: 'Nassau',
    category: 'Interior',
    projectType: 'residential',
    stage: 'turnover_punch',
    needs: ['labor_only'],
    phases: ['interiors'],
    services: ['tile', 'tile_work'],
    servicePhases: ['interior'],
    tags: ['kitchen', 'tile', 'backsplash'],
    budget: [2500, 4000],
    estimate: 3200,
    days: 4,
    phase: 'bidding',
    daysAgo: 4,
    bids: 1,
  },
  {
    title: 'Seawall repair and rock revetment',
    description:
      'Repair 120 ft of undermined concrete seawall at a waterfront property in Clarence Town and place an armour-stone revetment in front of it. Looking for an engineer-led estimate and a site visit.',
    owner: 'monique',
    island: 'Long Island',
    city: 'Clarence Town',
    category: 'Exterior',
    projectType: 'infrastructure',
    stage: 'design_progress',
    needs: ['estimate_only', 'site_visit'],
    phases: ['site_demo', 'exterior_landscape'],
    services: ['masonry', 'concrete', 'excavation'],
    servicePhases: ['site_work', 'outdoor'],
    tags: ['seawall', 'coastal'],
    budget: [50000, 85000],
    estimate: 68000,
    days: 50,
    phase: 'bidding',
    daysAgo: 3,
    bids: 2,
  },
  {
    title: 'Drywall and ceilings for a new duplex',
    description:
      'Hang, tape and finish drywall on walls and ceilings of both units of a new duplex in Freeport (about 9,000 sq ft of board), with insulation in the exterior walls and a primer coat.',
    owner: 'dwayne',
    island: 'Grand Bahama',
    city: 'Freeport',
    category: 'Residential',
    projectType: 'residential',
    stage: 'shell_complete',
    needs: ['labor_materials'],
    phases: ['interiors'],
    services: ['drywall', 'insulation', 'painting'],
    servicePhases: ['interior'],
    tags: ['drywall', 'duplex'],
    budget: null,
    estimate: 21000,
    days: 20,
    phase: 'bidding',
    daysAgo: 2,
    bids: 1,
  },
  {
    title: 'Clinic accessibility ramp and restroom upgrade',
    description:
      'Add a concrete wheelchair ramp with handrails at the entrance of a community clinic in Arthur’s Town and convert one restroom to an accessible one (grab bars, wider door, roll-under sink).',
    owner: 'clara',
    island: 'Cat Island',
    city: "Arthur's Town",
    category: 'Commercial',
    projectType: 'institutional',
    stage: 'idea_planning',
    needs: ['design_help', 'labor_materials'],
    phases: ['site_demo', 'interiors'],
    services: ['concrete', 'plumbing', 'tile'],
    servicePhases: ['site_work', 'specialty_rooms'],
    tags: ['accessibility', 'clinic'],
    budget: [9000, 15000],
    estimate: 12000,
    days: 15,
    phase: 'bidding',
    daysAgo: 1,
    bids: 0,
  },
];

/** What each bidder writes; their proposals start like this. */
const PROPOSAL_OPENERS: Record<Bidder, string> = {
  marcus:
    'Rolle Building & Renovation has done this kind of work across the islands for twelve years, with our own crew and licensed trades.',
  vanessa:
    'Ferguson Supply can source and deliver everything on the list from our Nassau yard, with freight to the Family Islands arranged by us.',
  terrence:
    'Moss Contracting is a fully insured general contractor; I visited similar sites this year and can start within two weeks of award.',
  kendra:
    'Darville Construction Services: small, tidy crew, fixed price, and a one-year workmanship warranty on everything we install.',
  shawn:
    'Cartwright & Sons have worked on homes and businesses in the Bahamas since 1998; references available from recent jobs.',
};

const PROPOSAL_CLOSERS = [
  'The price covers labour and materials as described; permits and unforeseen structural repairs are quoted separately.',
  'We will walk the site with you before starting and confirm the schedule in writing.',
  'Payment in three stages: deposit, at the halfway inspection, and on completion.',
  'Price is valid for 30 days. We clean up daily and remove all debris at the end.',
];

// ---- Seeding --------------------------------------------------------------------------------

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The seed's clock: use cases read `now` from it, and the seed sets it before each step. */
class SeedClock implements Clock {
  at: Date;

  constructor(at: Date) {
    this.at = at;
  }

  now(): Date {
    return new Date(this.at.getTime());
  }
}

/** A small deterministic random source (mulberry32), so every fresh database gets the same demo data. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FREE_BIDDERS: readonly Bidder[] = ['marcus', 'vanessa'];
const PRO_BIDDERS: readonly Bidder[] = ['terrence', 'kendra', 'shawn'];
const BIDDER_ROTATION: readonly Bidder[] = ['marcus', 'terrence', 'vanessa', 'kendra', 'shawn'];
const OWNER_EMAILS: Record<Owner, string> = {
  clara: 'client@demo.buildbid.bs',
  dwayne: 'client2@demo.buildbid.bs',
  monique: 'client3@demo.buildbid.bs',
};
const BIDDER_EMAILS: Record<Bidder, string> = {
  marcus: 'contractor@demo.buildbid.bs',
  vanessa: 'vendor@demo.buildbid.bs',
  terrence: 'contractor2@demo.buildbid.bs',
  kendra: 'contractor3@demo.buildbid.bs',
  shawn: 'contractor4@demo.buildbid.bs',
};

interface PlannedBid {
  bidder: Bidder;
  at: Date;
}

/**
 * Who bids on which project, and when. The free demo accounts keep to the free plan's 3 bids a
 * month (2 in the current month, so the demo contractor and vendor can still try a bid); Pro
 * contractors fill in. Projects that want a free account to win are planned first.
 */
function planBids(
  projects: readonly DemoProject[],
  bidTimes: readonly Date[][],
  now: Date,
  timeZone: string,
): PlannedBid[][] {
  const currentMonth = calendarMonthOf(now, timeZone).start.getTime();
  const used = new Map<string, number>();
  const plans: PlannedBid[][] = projects.map(() => []);
  // Wanted winners first, then the projects still taking bids (so the demo accounts have pending bids).
  const rank = (p: DemoProject) => (p.winner ? 0 : p.phase === 'bidding' && !p.cancelled ? 1 : 2);
  const order = projects
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ i }) => i);
  for (const i of order) {
    const project = projects[i] as DemoProject;
    const times = bidTimes[i] as Date[];
    const offset = i % BIDDER_ROTATION.length;
    const wanted = [...BIDDER_ROTATION.slice(offset), ...BIDDER_ROTATION.slice(0, offset)].slice(
      0,
      project.bids,
    );
    if (project.winner && !wanted.includes(project.winner) && wanted.length > 0) {
      wanted[wanted.length - 1] = project.winner;
    }
    if (project.winner) wanted.sort((a, b) => Number(b === project.winner) - Number(a === project.winner));
    const chosen: Bidder[] = [];
    for (const [slot, bidder] of wanted.entries()) {
      const at = times[slot] as Date;
      let who: Bidder | undefined = bidder;
      const spare = () => PRO_BIDDERS.find((b) => !wanted.includes(b) && !chosen.includes(b));
      if (FREE_BIDDERS.includes(bidder) && project.winner && bidder !== project.winner) {
        // Keep the free accounts' few bids for the projects they win and those still open.
        who = spare();
      } else if (FREE_BIDDERS.includes(bidder)) {
        const month = calendarMonthOf(at, timeZone).start.getTime();
        const key = `${bidder}:${month}`;
        const cap = month === currentMonth ? 2 : 3;
        if ((used.get(key) ?? 0) < cap) used.set(key, (used.get(key) ?? 0) + 1);
        else who = spare();
      }
      if (who) chosen.push(who);
    }
    plans[i] = chosen.map((bidder, slot) => ({ bidder, at: times[slot] as Date }));
  }
  return plans;
}

export interface SeedOptions {
  /** The moment the demo data is arranged around (default: now). Every seeded date lies before it. */
  now?: Date;
}

/**
 * Demo data for a fresh database, written through the same use cases as real sign-ups and requests:
 * nine accounts, and about 40 projects across the Bahamas in every phase (some cancelled), with 0-5
 * bids each and reviews on some completed ones. A seed clock spreads the dates over the last 60 days.
 * Runs only when there are no users at all, so it never touches a database in use.
 */
export async function seedDemoData(
  composition: Pick<Composition, 'get'>,
  options: SeedOptions = {},
): Promise<boolean> {
  const users = composition.get<UserRepository>(TOKENS.Users);
  if ((await users.list()).length > 0) return false;

  const now = options.now ?? new Date();
  const clock = new SeedClock(new Date(now.getTime() - 80 * DAY));
  const uow = composition.get(TOKENS.UnitOfWork);
  const events = composition.get(TOKENS.Events);
  const ids = composition.get(TOKENS.Ids);
  const settings = composition.get(TOKENS.Settings);
  const hasher = composition.get<PasswordHasher>(TOKENS.PasswordHasher);
  const register = new RegisterUser(users, hasher, ids, clock);
  const promote = new PromoteToAdmin(uow, clock, ids);
  const post = new PostProject(uow, events, composition.get(TOKENS.Files), ids, clock);
  const submit = new SubmitBid(uow, events, ids, clock, settings);
  const decide = new DecideBid(uow, events, clock);
  const move = new MoveProjectPhase(uow, events, clock);
  const cancel = new CancelProject(uow, events, clock);
  const review = new ReviewContractor(uow, events, ids, clock);
  const at = <T>(time: Date, work: () => Promise<T>): Promise<T> => {
    clock.at = time;
    return work();
  };

  // Accounts, registered 80 days ago.
  const byEmail = new Map<string, User>();
  for (const account of DEMO_ACCOUNTS) {
    const registered = await register.execute({
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      country: account.country,
      role: account.role === 'admin' ? 'client' : account.role,
      password: DEMO_PASSWORD,
    });
    // The demo addresses are taken as verified (issue 16): the demo should show mail-backed features.
    registered.verifyEmail(registered.email, clock.now());
    await users.save(registered);
    byEmail.set(registered.email, registered);
  }
  const user = (email: string): User => byEmail.get(email) as User;
  for (const account of DEMO_ACCOUNTS) {
    if (account.role === 'admin') await promote.execute(account.email);
    if (account.plan === 'pro') {
      await uow.run(async (tx) => {
        const found = await tx.users.lockForUpdate(user(account.email).id);
        if (!found) return;
        found.changeSubscription('pro', null, clock.now());
        await tx.users.save(found);
      });
    }
  }

  const random = randomSource(20_260_401);
  const jitter = (spread: number) => (random() - 0.5) * spread;
  const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

  // When each project is posted and when its bids come in.
  const created = DEMO_PROJECTS.map(
    (p) => new Date(now.getTime() - p.daysAgo * DAY - (2 + random() * 6) * HOUR),
  );
  const bidWindowEnd = DEMO_PROJECTS.map((p, i) => {
    const start = (created[i] as Date).getTime();
    return p.phase === 'bidding' && !p.cancelled
      ? now.getTime() - HOUR
      : start + Math.min(4 * DAY, p.daysAgo * 0.25 * DAY);
  });
  const bidTimes = DEMO_PROJECTS.map((p, i) => {
    const start = (created[i] as Date).getTime();
    const end = bidWindowEnd[i] as number;
    return Array.from({ length: 5 }, (_, slot) => {
      const share = (slot + 1) / (p.bids + 1);
      return new Date(start + (end - start) * Math.min(share, 0.95));
    });
  });
  const plans = planBids(DEMO_PROJECTS, bidTimes, now, settings.timeZone);

  for (const [i, p] of DEMO_PROJECTS.entries()) {
    const owner = user(OWNER_EMAILS[p.owner]);
    const postedAt = created[i] as Date;
    const openForBids = p.phase === 'bidding' && !p.cancelled;
    const bidDeadline = openForBids
      ? i % 4 === 0
        ? null
        : new Date(postedAt.getTime() + (30 + (i % 3) * 7) * DAY)
      : new Date((bidWindowEnd[i] as number) + DAY);
    const deadline =
      bidDeadline && i % 3 !== 0 ? new Date(bidDeadline.getTime() + (p.days + 30) * DAY) : null;
    const project = await at(postedAt, () =>
      post.execute(owner, {
        title: p.title,
        description: p.description,
        projectType: p.projectType,
        category: p.category,
        country: 'BS',
        island: p.island,
        city: p.city,
        budgetMin: p.budget?.[0] ?? null,
        budgetMax: p.budget?.[1] ?? null,
        projectStage: p.stage,
        contractorNeeds: p.needs,
        phases: p.phases,
        generalContractor: p.projectType === 'general_contractor',
        services: p.services,
        servicePhases: p.servicePhases,
        tags: p.tags,
        bidDeadline,
        deadline,
      }),
    );

    const bids: { id: string; bidder: Bidder; amountCents: number; at: Date }[] = [];
    for (const planned of plans[i] as PlannedBid[]) {
      const amount = roundTo(p.estimate * (1 + jitter(0.3)), p.estimate > 20_000 ? 250 : 25);
      const timeline = Math.max(1, Math.round(p.days * (1 + jitter(0.4))));
      const closer = PROPOSAL_CLOSERS[Math.floor(random() * PROPOSAL_CLOSERS.length)] as string;
      const { bid } = await at(planned.at, () =>
        submit.execute(user(BIDDER_EMAILS[planned.bidder]), project.id, {
          amount,
          timeline,
          proposal: `${PROPOSAL_OPENERS[planned.bidder]} ${closer}`,
        }),
      );
      bids.push({ id: bid.id, bidder: planned.bidder, amountCents: bid.amountCents, at: planned.at });
    }

    if (p.declineOne && bids.length >= 3) {
      const highest = bids.reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
      const when = Math.min(highest.at.getTime() + 6 * HOUR, now.getTime() - 30 * 60 * 1000);
      await at(new Date(when), () => decide.execute(owner, highest.id, 'rejected'));
    }

    // The steps after bidding, spread between the end of bidding and a little before now.
    const steps: Array<(time: Date) => Promise<unknown>> = [];
    const awarded = !openForBids && p.cancelled !== 'in_bidding' && bids.length > 0;
    if (awarded) {
      const winner =
        bids.find((b) => b.bidder === p.winner) ??
        bids.find((b) => PRO_BIDDERS.includes(b.bidder)) ??
        (bids[0] as (typeof bids)[number]);
      steps.push((time) => at(time, () => decide.execute(owner, winner.id, 'accepted')));
      const later: TargetPhase[] = ['in_progress', 'review', 'completed'];
      const reached = later.slice(0, Math.max(0, later.indexOf(p.phase) + 1));
      for (const phase of reached)
        steps.push((time) => at(time, () => move.execute(owner, project.id, phase)));
      if (p.phase === 'completed' && p.review) {
        const { rating, comment } = p.review;
        steps.push((time) => at(time, () => review.execute(owner, project.id, { rating, comment })));
      }
    }
    if (p.cancelled) steps.push((time) => at(time, () => cancel.execute(owner, project.id)));
    const from = (bidWindowEnd[i] as number) + 6 * HOUR;
    const until = now.getTime() - Math.max(3 * HOUR, p.daysAgo * 0.1 * DAY);
    for (const [k, step] of steps.entries()) {
      const share = steps.length === 1 ? 0 : k / (steps.length - 1);
      await step(new Date(from + (until - from) * share));
    }
  }
  return true;
}
