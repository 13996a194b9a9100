import type { EntityManager } from '@mikro-orm/core';
import type { LandingQuery, Testimonial } from '../../application/landing/ports.ts';
import { runSql, toCount } from './sql.ts';

/** LandingQuery in SQL. Give it the global `orm.em`. */
export class SqlLandingQuery implements LandingQuery {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async testimonials(minRating: number, limit: number): Promise<{ items: Testimonial[]; total: number }> {
    const where = `r.rating >= ? and r.comment is not null and btrim(r.comment) <> ''`;
    const [rows, counted] = await Promise.all([
      runSql<{
        id: string;
        rating: number;
        comment: string;
        firstName: string | null;
        role: string;
        createdAt: Date | string;
      }>(
        this.#em,
        `select r.id, r.rating, r.comment, u.first_name as "firstName", u.role, r.created_at as "createdAt"
          from reviews r join users u on u.id = r.reviewer_id
          where ${where}
          order by r.created_at desc, r.id desc limit ?`,
        [minRating, limit],
      ),
      runSql<{ total: string }>(this.#em, `select count(*) as total from reviews r where ${where}`, [
        minRating,
      ]),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        rating: r.rating,
        comment: r.comment,
        reviewerFirstName: r.firstName,
        reviewerRole: r.role,
        createdAt: new Date(r.createdAt),
      })),
      total: toCount(counted[0]?.total),
    };
  }

  async figures(): Promise<{ projectsPosted: number; contractorsRegistered: number }> {
    const [row] = await runSql<{ projects: string; contractors: string }>(
      this.#em,
      `select (select count(*) from projects) as projects,
          (select count(*) from users where role = 'contractor') as contractors`,
    );
    return { projectsPosted: toCount(row?.projects), contractorsRegistered: toCount(row?.contractors) };
  }
}
