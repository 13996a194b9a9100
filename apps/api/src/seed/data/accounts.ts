import type { Bidder, DemoAccount, Owner } from './model.ts';

// The nine demo accounts (all with the one demo password), their emails by name, and what the bidders write.

export const DEMO_PASSWORD = 'buildbid-demo';

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

export const OWNER_EMAILS: Record<Owner, string> = {
  clara: 'client@demo.buildbid.bs',
  dwayne: 'client2@demo.buildbid.bs',
  monique: 'client3@demo.buildbid.bs',
};
export const BIDDER_EMAILS: Record<Bidder, string> = {
  marcus: 'contractor@demo.buildbid.bs',
  vanessa: 'vendor@demo.buildbid.bs',
  terrence: 'contractor2@demo.buildbid.bs',
  kendra: 'contractor3@demo.buildbid.bs',
  shawn: 'contractor4@demo.buildbid.bs',
};

/** What each bidder writes; their proposals start like this. */
export const PROPOSAL_OPENERS: Record<Bidder, string> = {
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

export const PROPOSAL_CLOSERS = [
  'The price covers labour and materials as described; permits and unforeseen structural repairs are quoted separately.',
  'We will walk the site with you before starting and confirm the schedule in writing.',
  'Payment in three stages: deposit, at the halfway inspection, and on completion.',
  'Price is valid for 30 days. We clean up daily and remove all debris at the end.',
];
