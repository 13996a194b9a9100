import { loadConfig } from '../config.ts';
import { compose } from '../container.ts';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
const composition = await compose(loadConfig());
console.log(`Migrations applied to ${composition.embedded ? 'the embedded database' : 'DATABASE_URL'}.`);
await composition.close();
