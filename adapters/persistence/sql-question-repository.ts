import type { EntityManager } from '@mikro-orm/core';
import type { QuestionRepository } from '../../application/shared/marketplace-ports.ts';
import { Question } from '../../domain/project/question.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql, toCount } from './sql.ts';

interface QuestionRow {
  id: string;
  project_id: string;
  kind: string;
  asker_id: string | null;
  question: string | null;
  answer: string | null;
  show_asker: boolean;
  hidden: boolean;
  created_at: Date | string;
  answered_at: Date | string | null;
}

const COLUMNS =
  'id, project_id, kind, asker_id, question, answer, show_asker, hidden, created_at, answered_at';

function toQuestion(row: QuestionRow): Question {
  return Question.restore({
    id: row.id,
    projectId: row.project_id,
    kind: row.kind === 'clarification' ? 'clarification' : 'question',
    askerId: row.asker_id,
    question: row.question,
    answer: row.answer,
    showAsker: row.show_asker,
    hidden: row.hidden,
    createdAt: new Date(row.created_at),
    answeredAt: row.answered_at === null ? null : new Date(row.answered_at),
  });
}

/** The project_questions table in SQL, inside the transaction of the em it is given. */
export class SqlQuestionRepository implements QuestionRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async findById(id: string): Promise<Question | null> {
    if (!isUuid(id)) return null;
    const [row] = await runSql<QuestionRow>(
      this.#em,
      `select ${COLUMNS} from project_questions where id = ?`,
      [id],
    );
    return row ? toQuestion(row) : null;
  }

  async add(question: Question): Promise<void> {
    const s = question.toSnapshot();
    await runSql(
      this.#em,
      `insert into project_questions (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        s.id,
        s.projectId,
        s.kind,
        s.askerId,
        s.question,
        s.answer,
        s.showAsker,
        s.hidden,
        s.createdAt,
        s.answeredAt,
      ],
    );
  }

  async save(question: Question): Promise<void> {
    const s = question.toSnapshot();
    await runSql(
      this.#em,
      'update project_questions set answer = ?, show_asker = ?, hidden = ?, answered_at = ? where id = ?',
      [s.answer, s.showAsker, s.hidden, s.answeredAt, s.id],
    );
  }

  async listByProject(projectId: string): Promise<Question[]> {
    if (!isUuid(projectId)) return [];
    const rows = await runSql<QuestionRow>(
      this.#em,
      `select ${COLUMNS} from project_questions where project_id = ? order by created_at, id`,
      [projectId],
    );
    return rows.map(toQuestion);
  }

  async countAskedSince(askerId: string, since: Date): Promise<number> {
    if (!isUuid(askerId)) return 0;
    const [row] = await runSql<{ n: unknown }>(
      this.#em,
      `select count(*) as n from project_questions where asker_id = ? and kind = 'question' and created_at >= ?`,
      [askerId, since],
    );
    return toCount(row?.n);
  }
}
