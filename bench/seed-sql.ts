/**
 * The benchmark's data, written with plain SQL (generate_series) so 100,000 projects and 300,000 bids
 * load in seconds. Ids are md5-derived UUIDs of the row number, so bids can name their project and the
 * second stage can add rows to the first. `random()` runs after `setseed`, so every run writes the same data.
 */
import pg from 'pg';

/** 100,000 users in all (the bench measures the owner join at 100k users). */
export const CLIENTS = 99_800;
export const CONTRACTORS = 200;

/** A word in about 0.1% of the descriptions (every 997th project): the rare search. */
export const RARE_TERM = 'cistern';

/** The word the list benchmark searches: it ends up in the title or description of about 30% of the projects. */
export const COMMON_TERM = 'kitchen';

const TITLES = [
  'Kitchen remodel with new cabinets',
  'Roof replacement after storm damage',
  'Bathroom renovation with walk-in shower',
  'Hurricane shutters for windows and doors',
  'Concrete driveway and walkway',
  'Interior repaint of a family home',
  'Kitchen and dining room tile floor',
  'Solar panels and battery backup',
  'Block boundary wall with gate',
  'Electrical rewiring and new panel',
  'Timber deck and pergola',
  'Office fit-out with partitions',
  'Pool resurfacing and waterline tile',
  'Split AC installation',
];

const PHRASES = [
  'The house is a single-storey concrete block building from the 1980s.',
  'Work can start as soon as the permit is approved.',
  'Please include removal and disposal of the old materials.',
  'Materials can be supplied by the owner or by the contractor.',
  'We are looking for a licensed and insured contractor with references.',
  'The site has easy truck access from the main road.',
  'The new layout moves the sink under the window and adds an island to the kitchen.',
  'Quote labour and materials separately, please.',
  'The owner lives on site, so work hours are 8 am to 5 pm on weekdays.',
  'Hurricane straps and impact-rated openings are required by the plans.',
  'Photos and measurements are attached; a site visit is welcome.',
  'The existing wiring is original and the panel is undersized.',
  'Finishes are to match the rest of the house.',
  'Budget is flexible for the right crew and a firm schedule.',
  'Freight to the island must be included in the price.',
  'The pool deck pavers are cracked and need relevelling.',
  'Drawings were prepared by a local architect.',
  'The building stays in use while the work is done.',
  'We need the job finished before the rainy season.',
  'A one-year workmanship warranty is expected.',
];

const PLACES: Array<[string, string]> = [
  ['New Providence', 'Nassau'],
  ['New Providence', 'Paradise Island'],
  ['Grand Bahama', 'Freeport'],
  ['Abaco', 'Marsh Harbour'],
  ['Eleuthera', "Governor's Harbour"],
  ['Exuma', 'George Town'],
  ['Andros', 'Fresh Creek'],
  ['Long Island', 'Clarence Town'],
];

const CATEGORIES = ['Residential', 'Commercial', 'Industrial', 'Interior', 'Exterior', 'Construction'];
const COUNTRIES = ['BS', 'BS', 'BS', 'BS', 'BS', 'BS', 'BS', 'US', 'CA', 'GB'];

/** Creates the database if missing and empties it (the schema is dropped; migrations recreate it). */
export async function resetDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[\w-]+$/.test(name)) throw new Error(`unexpected database name '${name}'`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const server = new pg.Client({ connectionString: admin.toString() });
  await server.connect();
  try {
    const found = await server.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await server.query(`create database "${name}"`);
  } finally {
    await server.end();
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('drop schema if exists public cascade');
    await db.query('create schema public');
  } finally {
    await db.end();
  }
}

export async function seedUsers(pool: pg.Pool): Promise<void> {
  await pool.query(
    `insert into users (id, email, password_hash, first_name, last_name, role, country, subscription_tier,
        created_at, updated_at)
      select md5('client' || i)::uuid, 'client' || i || '@bench.example', 'x', 'Client', 'No. ' || i,
        'client', 'BS', 'free', now() - interval '400 days', now() - interval '400 days'
      from generate_series(0, $1 - 1) i`,
    [CLIENTS],
  );
  await pool.query(
    `insert into users (id, email, password_hash, first_name, last_name, role, country, subscription_tier,
        rating, review_count, created_at, updated_at)
      select md5('contractor' || i)::uuid, 'contractor' || i || '@bench.example', 'x', 'Contractor', 'No. ' || i,
        'contractor', 'BS', 'pro', 3 + (i % 20) / 10.0, i % 30, now() - interval '400 days', now() - interval '400 days'
      from generate_series(0, $1 - 1) i`,
    [CONTRACTORS],
  );
}

/**
 * Project i's creation time: projects arrive one after another, as people post them, SEED_SPAN_PROJECTS
 * of them over the year that ends today (one about every 32 s, at a random moment within its slot). So
 * a larger stage only adds newer projects, and the table holds them in the order they were posted, as a
 * live table does (rows are appended when posted). Earlier runs drew every project's time at random
 * over the year, which scattered the newest projects over the whole table: a newest-first scan then
 * read a different page for nearly every row, as no live database would.
 */
export const SEED_SPAN_PROJECTS = 1_000_000;
const SEED_SLOT = `(interval '365 days' / ${SEED_SPAN_PROJECTS})`;

/**
 * Projects number `from` .. `to` - 1, in the order they were posted (see SEED_SPAN_PROJECTS), and their
 * bids: project i gets i % 7 bids (0..6, 3 on average), from distinct contractors. A project past bidding
 * is awarded to its first bid, written with the project (not updated afterwards, which would move the
 * row away from its neighbours in time).
 */
export async function seedProjects(pool: pg.Pool, from: number, to: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select setseed($1)', [from / 1_000_000]);
    await client.query(
      `insert into projects (id, title, description, project_type, category, location, country, island, city,
          budget_min, budget_max, status, client_id, tags, services, service_phases, project_stage,
          contractor_needs, phases, general_contractor, deadline, bid_deadline, current_phase,
          phase_start_date, created_at, updated_at, accepted_bid_id, awarded_contractor_id)
        select id, title, description, 'residential', category, city || ', ' || island, country,
          case when country = 'BS' then island end, case when country = 'BS' then city end,
          case when band < 0.3 then 1000 + floor(r1 * 20) * 100
               when band < 0.7 then 5000 + floor(r1 * 100) * 100
               when band < 0.9 then 25000 + floor(r1 * 200) * 500 end,
          case when band < 0.3 then 3000 + floor(r2 * 20) * 100
               when band < 0.7 then 12000 + floor(r2 * 130) * 100
               when band < 0.9 then 125000 + floor(r2 * 200) * 1000 end,
          status, client_id, '["renovation"]'::jsonb, '["general_construction"]'::jsonb, '["interior"]'::jsonb,
          'design_progress', '["labor_materials"]'::jsonb, '["interiors"]'::jsonb, false,
          created_at + interval '90 days', created_at + interval '30 days', phase,
          created_at, created_at, created_at,
          case when phase <> 'bidding' and i % 7 > 0 then md5('bid' || i || '-0')::uuid end,
          case when phase <> 'bidding' and i % 7 > 0 then md5('contractor' || ((i * 7) % $9))::uuid end
        from (select *, case status when 'completed' then 'completed' when 'cancelled' then 'bidding'
            else (array['bidding', 'bidding', 'bidding', 'awarded', 'in_progress', 'review'])[1 + floor(r3 * 6)::int] end
            as phase
          from (
          select i, md5('project' || i)::uuid as id,
            ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] || ' in ' || place[2] as title,
            ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] || ' ' ||
              ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] || ' ' ||
              ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] || ' ' ||
              ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] ||
              case when i % 997 = 0 then ' The old cistern needs a new pump.' else '' end as description,
            ($5::text[])[1 + floor(random() * array_length($5::text[], 1))::int] as category,
            ($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int] as country,
            place[1] as island, place[2] as city,
            random() as band, random() as r1, random() as r2, random() as r3,
            case when random() < 0.6 then 'active' when random() < 0.75 then 'completed' else 'cancelled' end as status,
            md5('client' || floor(random() * $8)::int)::uuid as client_id,
            date_trunc('day', now()) - (${SEED_SPAN_PROJECTS} - i - random()) * ${SEED_SLOT} as created_at
          from generate_series($1::int, $2::int - 1) i,
            lateral (select string_to_array(($7::text[])[1 + (i % array_length($7::text[], 1))], '|') as place) pl
        ) drawn) rows
        order by i`,
      [
        from,
        to,
        TITLES,
        PHRASES,
        CATEGORIES,
        COUNTRIES,
        PLACES.map((p) => p.join('|')),
        CLIENTS,
        CONTRACTORS,
      ],
    );
    await client.query(
      `insert into bids (id, project_id, contractor_id, amount, timeline, proposal, status, created_at, updated_at)
        select md5('bid' || i || '-' || k)::uuid, p.id, md5('contractor' || ((i * 7 + k * 61) % $3))::uuid,
          coalesce(p.budget_min, 8000) + (k * 350) + (i % 13) * 25, 10 + (i + k) % 50,
          'We can do this job with our own crew; price includes labour and materials.',
          case when p.current_phase in ('bidding') then 'pending' when k = 0 then 'accepted' else 'rejected' end,
          p.created_at + (k + 1) * interval '5 hours', p.created_at + (k + 1) * interval '5 hours'
        from generate_series($1::int, $2::int - 1) i
          join projects p on p.id = md5('project' || i)::uuid
          cross join generate_series(0, 5) k
        where k < i % 7`,
      [from, to, CONTRACTORS],
    );
  } finally {
    client.release();
  }
}
