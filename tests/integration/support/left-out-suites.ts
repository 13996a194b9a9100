import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestSpecification } from 'vitest/node';

/** A folder of integration tests that runs only against real servers, and why. */
interface LeftOutSuite {
  folder: string;
  reason: string;
}

type Env = Record<string, string | undefined>;

/**
 * The integration folders this environment cannot run: tests that need two live transactions or
 * LISTEN/NOTIFY run only where a real PostgreSQL is given; several API instances sharing PostgreSQL and
 * Redis only where both real servers are given. vitest.config.ts excludes them; the reporter below names
 * them at the end of the run, so a green summary never hides them.
 */
export function leftOutSuites(env: Env = process.env): LeftOutSuite[] {
  const realPostgres = Boolean(env.TEST_DATABASE_URL || env.DATABASE_URL);
  const scaleOut = Boolean(env.TEST_DATABASE_URL && env.TEST_REDIS_URL);
  return [
    ...(realPostgres
      ? []
      : [
          {
            folder: 'tests/integration/postgres-only',
            reason: 'needs a real PostgreSQL (set TEST_DATABASE_URL; CI does)',
          },
        ]),
    ...(scaleOut
      ? []
      : [
          {
            folder: 'tests/integration/scale-out',
            reason: 'needs a real PostgreSQL and Redis (set TEST_DATABASE_URL and TEST_REDIS_URL; CI does)',
          },
        ]),
  ];
}

/** Flags of `vitest run` whose next argument is a value, not a file filter. */
const FLAGS_WITH_VALUES = new Set(['--project', '--reporter', '--config', '-c', '-t', '--testNamePattern']);

/** The file filters given on the command line (`vitest run tests/integration/api`), if any. */
function fileFilters(argv: readonly string[]): string[] {
  const start = argv.indexOf('run') + 1;
  return argv
    .slice(start > 0 ? start : 2)
    .filter((arg, i, args) => !arg.startsWith('-') && !FLAGS_WITH_VALUES.has(args[i - 1] ?? ''));
}

/**
 * Prints, after vitest's own summary, the integration folders this run left out and the reason, with
 * their files: only when the integration project ran and the filters would have taken the folder.
 */
export class LeftOutSuitesReporter implements Reporter {
  #integrationRan = false;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.#integrationRan = specifications.some((spec) => spec.project.name === 'integration');
  }

  onTestRunEnd(): void {
    if (!this.#integrationRan) return;
    const filters = fileFilters(process.argv);
    const left = leftOutSuites().filter(
      ({ folder }) =>
        filters.length === 0 || filters.some((f) => folder.includes(f) || f.startsWith(`${folder}/`)),
    );
    if (left.length === 0) return;
    const lines = [' Left out of this run (not counted above):'];
    for (const { folder, reason } of left) {
      const files = readdirSync(join(process.cwd(), folder)).filter((name) => name.endsWith('.test.ts'));
      lines.push(`   ${folder}: ${reason}`);
      for (const file of files) lines.push(`     - ${file}`);
    }
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }
}
