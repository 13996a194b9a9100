/**
 * The islands of the Bahamas offered in the post form, each with 2-3 suggested towns
 * (projects-and-bids section 3). A project in BS may name an island and a city; both are checked here.
 */
export interface Island {
  readonly name: string;
  readonly towns: readonly string[];
}

export const BAHAMAS_ISLANDS: readonly Island[] = [
  { name: 'New Providence', towns: ['Nassau', 'Paradise Island'] },
  { name: 'Grand Bahama', towns: ['Freeport', 'West End', 'Eight Mile Rock'] },
  { name: 'Abaco', towns: ['Marsh Harbour', 'Hope Town', 'Treasure Cay'] },
  { name: 'Eleuthera', towns: ["Governor's Harbour", 'Rock Sound', 'Harbour Island'] },
  { name: 'Exuma', towns: ['George Town', 'Staniel Cay'] },
  { name: 'Bimini', towns: ['Alice Town', 'Bailey Town'] },
  { name: 'Andros', towns: ['Andros Town', 'Nicholls Town', 'Fresh Creek'] },
  { name: 'Long Island', towns: ['Clarence Town', "Deadman's Cay"] },
  { name: 'Cat Island', towns: ["Arthur's Town", 'New Bight'] },
  { name: 'San Salvador', towns: ['Cockburn Town', 'United Estates'] },
  { name: 'Berry Islands', towns: ['Great Harbour Cay', 'Chub Cay'] },
];

export function findIsland(name: string): Island | undefined {
  return BAHAMAS_ISLANDS.find((i) => i.name === name);
}

/** The island a Bahamian town belongs to, if it is one of the suggested towns. */
export function findIslandOfTown(town: string): Island | undefined {
  return BAHAMAS_ISLANDS.find((i) => i.towns.includes(town));
}
