import { PromoteToAdmin } from '#application/accounts/index.ts';
import { DomainError } from '#domain/shared/errors.ts';
import { loadConfig } from '../config.ts';
import { compose } from '../container.ts';

/**
 * `npm run admin:promote -- <email>`: grants the admin role to an existing account.
 * With the embedded database, stop the server first (one process owns its data directory), or reach the
 * running server's embedded database on its EMBEDDED_DB_PORT through DATABASE_URL. The audit log records
 * the promotion with no admin named.
 */
const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run admin:promote -- <email>');
  process.exit(2);
}
const composition = await compose(loadConfig());
try {
  const user = await composition.inContext(() => composition.get(PromoteToAdmin).execute(email));
  console.log(`${user.email} is now an admin.`);
} catch (error) {
  console.error(error instanceof DomainError ? error.message : error);
  process.exitCode = 1;
} finally {
  await composition.close();
}
