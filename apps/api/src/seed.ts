import type { UserRepository } from '../../../application/accounts/ports.ts';
import { PromoteToAdmin, RegisterUser } from '../../../application/accounts/use-cases.ts';
import type { Composition } from './container.ts';
import { TOKENS } from './container.ts';

export const DEMO_PASSWORD = 'buildbid-demo';

export const DEMO_ACCOUNTS = [
  {
    role: 'client',
    email: 'client@demo.buildbid.bs',
    firstName: 'Clara',
    lastName: 'Knowles',
    country: 'BS',
  },
  {
    role: 'contractor',
    email: 'contractor@demo.buildbid.bs',
    firstName: 'Marcus',
    lastName: 'Rolle',
    country: 'BS',
  },
  {
    role: 'vendor',
    email: 'vendor@demo.buildbid.bs',
    firstName: 'Vanessa',
    lastName: 'Ferguson',
    country: 'BS',
  },
  { role: 'admin', email: 'admin@demo.buildbid.bs', firstName: 'Adrian', lastName: 'Pinder', country: 'BS' },
] as const;

/**
 * Demo data for a fresh database, written through the same use cases as real sign-ups.
 * Runs only when there are no users at all, so it never touches a database in use.
 */
export async function seedDemoData(composition: Pick<Composition, 'get'>): Promise<boolean> {
  const users = composition.get<UserRepository>(TOKENS.Users);
  if ((await users.list()).length > 0) return false;
  const register = composition.get(RegisterUser);
  for (const account of DEMO_ACCOUNTS) {
    await register.execute({
      ...account,
      role: account.role === 'admin' ? 'client' : account.role,
      password: DEMO_PASSWORD,
    });
    if (account.role === 'admin') await composition.get(PromoteToAdmin).execute(account.email);
  }
  return true;
}
