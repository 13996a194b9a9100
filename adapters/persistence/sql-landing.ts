import type { EntityManager } from '@mikro-orm/core';
import type { LandingQuery, Testimonial } from '../../application/landing/ports.ts';
import type { ReceivedReview, ReviewQuery } from '../../application/reviews/ports.ts';
import { runSql, toCount } from './sql.ts';

/** LandingQuery in SQL. Give it the global `orm.em`. */
export class SqlLandingQuery implements LandingQuery {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async testimonials(minRating: number, limit: number): Promise<{ items: Testimonial[]; total: number }> {
    // A review the moderators hid is never quoted (decision 0221).
    const where = `r.rating >= ? and r.comment is not null and btrim(r.comment) <> ''
      and not exists (select 1 from hidden_content h where h.target_type = 'review' and h.target_id = r.id)`;
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
          (select count(*) from users where role = 'contractor' and deleted_at is null) as contractors`,
    );
    return { projectsPosted: toCount(row?.projects), contractorsRegistered: toCount(row?.contractors) };
  }
}

/** ReviewQuery in SQL (reviews_reviewee_id_index). Give it the global `orm.em`. */
export class SqlReviewQuery implements ReviewQuery {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async receivedBy(userId: string, limit: number): Promise<ReceivedReview[]> {
    const rows = await runSql<{
      id: string;
      rating: number;
      comment: string | null;
      projectId: string | null;
      projectTitle: string | null;
      firstName: string | null;
      lastName: string | null;
      createdAt: Date | string;
    }>(
      this.#em,
      `select r.id, r.rating, r.comment, r.project_id as "projectId", p.title as "projectTitle",
          u.first_name as "firstName", u.last_name as "lastName", r.created_at as "createdAt"
        from reviews r
        join users u on u.id = r.reviewer_id
        left join projects p on p.id = r.project_id
        where r.reviewee_id = ?
        order by r.created_at desc, r.id desc limit ?`,
      [userId, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      rating: Number(r.rating),
      comment: r.comment,
      projectId: r.projectId,
      projectTitle: r.projectTitle,
      reviewerName: [r.firstName, r.lastName].filter((n) => n?.trim()).join(' ') || 'A BuildBid client',
      createdAt: new Date(r.createdAt),
    }));
  }
}
