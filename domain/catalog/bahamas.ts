/**
 * The islands of the Bahamas offered in the post form, each with 2-3 suggested towns
 * (projects-and-bids section 3). A project in BS may name an island (one of these) and a city: the towns
 * are suggestions, and any other town name is kept as typed (decision 0180).
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

/** The island of this name, ignoring case and extra spaces ('new  providence' is New Providence). */
export function findIsland(name: string): Island | undefined {
  const key = placeKey(name);
  return BAHAMAS_ISLANDS.find((i) => placeKey(i.name) === key);
}

/** A place name compared without case, apostrophe style or extra spaces. */
export function placeKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').replace(/[‘’`]/g, "'").toLowerCase();
}

/** The suggested town this name means (ignoring case and spacing), on the island when one is given. */
export function findTown(name: string, island?: Island): string | undefined {
  const key = placeKey(name);
  const towns = island ? island.towns : BAHAMAS_ISLANDS.flatMap((i) => i.towns);
  return towns.find((t) => placeKey(t) === key);
}

/** The island a Bahamian town belongs to, if it is one of the suggested towns. */
export function findIslandOfTown(town: string): Island | undefined {
  return BAHAMAS_ISLANDS.find((i) => i.towns.includes(town));
}
