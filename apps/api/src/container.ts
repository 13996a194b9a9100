import { join } from 'node:path';
import { type MikroORM, RequestContext } from '@mikro-orm/core';
import { Container, type ServiceIdentifier } from 'inversify';
import { startEmbeddedPostgres } from '../../../adapters/persistence/embedded-postgres.ts';
import { MikroOrmSessionStore } from '../../../adapters/persistence/mikro-orm-session-store.ts';
import { MikroOrmUserRepository } from '../../../adapters/persistence/mikro-orm-user-repository.ts';
import { closeOrm, createOrm, migrate } from '../../../adapters/persistence/orm.ts';
import { InProcessSocketHub } from '../../../adapters/realtime/in-process-socket-hub.ts';
import { ScryptPasswordHasher } from '../../../adapters/security/scrypt-password-hasher.ts';
import { SystemClock, UuidGenerator } from '../../../adapters/system/system.ts';
import type { PasswordHasher, SessionStore, UserRepository } from '../../../application/accounts/ports.ts';
import {
  AdminChangeRole,
  Authenticate,
  ChangeOwnRole,
  PromoteToAdmin,
  RegisterUser,
  SignIn,
  SignOut,
  StartSession,
} from '../../../application/accounts/use-cases.ts';
import type { Clock, IdGenerator } from '../../../application/shared/ports.ts';
import type { Config } from './config.ts';

/** Identifiers for ports; use cases are bound under their own class. */
export const TOKENS = {
  Clock: Symbol('Clock') as ServiceIdentifier<Clock>,
  Ids: Symbol('IdGenerator') as ServiceIdentifier<IdGenerator>,
  PasswordHasher: Symbol('PasswordHasher') as ServiceIdentifier<PasswordHasher>,
  Users: Symbol('UserRepository') as ServiceIdentifier<UserRepository>,
  Sessions: Symbol('SessionStore') as ServiceIdentifier<SessionStore>,
  Realtime: Symbol('RealtimePort') as ServiceIdentifier<InProcessSocketHub>,
};

export interface Composition {
  container: Container;
  orm: MikroORM;
  /** Where the database lives, for the start banner (the embedded one's URL or the configured one). */
  databaseUrl: string;
  embedded: boolean;
  /** Runs `work` in its own MikroORM context (one identity map), as each HTTP request does. */
  inContext<T>(work: () => Promise<T>): Promise<T>;
  /** The same, for a callback-style hook (Fastify's onRequest). */
  requestContext(next: () => void): void;
  get<T>(id: ServiceIdentifier<T>): T;
  /** Throws when the database cannot answer. */
  checkDatabase(): Promise<void>;
  close(): Promise<void>;
}

export interface ComposeOptions {
  /** scrypt cost; tests lower it to keep the suite fast. */
  passwordHashCost?: number;
  /** Run pending migrations at start (default true). */
  migrate?: boolean;
}

/**
 * The composition root: the one place that picks adapters. An unset DATABASE_URL starts the
 * embedded PostgreSQL under DATA_DIR; a set one connects to that server.
 */
export async function compose(config: Config, options: ComposeOptions = {}): Promise<Composition> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(config.dataDir, 'pgdata') });
  const databaseUrl = config.databaseUrl ?? (embedded as { url: string }).url;
  let orm: MikroORM;
  try {
    orm = await createOrm({ clientUrl: databaseUrl });
    if (options.migrate !== false) await migrate(orm);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Clock).toConstantValue(new SystemClock());
  container.bind(TOKENS.Ids).toConstantValue(new UuidGenerator());
  container.bind(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher(options.passwordHashCost));
  container.bind(TOKENS.Users).toConstantValue(new MikroOrmUserRepository(orm.em));
  container.bind(TOKENS.Sessions).toConstantValue(new MikroOrmSessionStore(orm.em));
  const hub = new InProcessSocketHub();
  container.bind(TOKENS.Realtime).toConstantValue(hub);

  const { Users, PasswordHasher: Hasher, Ids, Clock: Time, Sessions } = TOKENS;
  container
    .bind(RegisterUser)
    .toResolvedValue((u, h, i, c) => new RegisterUser(u, h, i, c), [Users, Hasher, Ids, Time]);
  container
    .bind(SignIn)
    .toResolvedValue((u, h, s, c) => new SignIn(u, h, s, c), [Users, Hasher, Sessions, Time]);
  container.bind(StartSession).toResolvedValue((s, c) => new StartSession(s, c), [Sessions, Time]);
  container.bind(SignOut).toResolvedValue((s) => new SignOut(s), [Sessions]);
  container
    .bind(Authenticate)
    .toResolvedValue((s, u, c) => new Authenticate(s, u, c), [Sessions, Users, Time]);
  container.bind(ChangeOwnRole).toResolvedValue((u, c) => new ChangeOwnRole(u, c), [Users, Time]);
  container.bind(AdminChangeRole).toResolvedValue((u, c) => new AdminChangeRole(u, c), [Users, Time]);
  container.bind(PromoteToAdmin).toResolvedValue((u, c) => new PromoteToAdmin(u, c), [Users, Time]);

  return {
    container,
    orm,
    databaseUrl,
    embedded: Boolean(embedded),
    inContext: (work) => RequestContext.create(orm.em, work),
    requestContext: (next) => RequestContext.create(orm.em, next),
    get: (id) => container.get(id),
    checkDatabase: async () => {
      await orm.em.getConnection().execute('select 1');
    },
    close: async () => {
      hub.close();
      await closeOrm(orm);
      await embedded?.stop();
    },
  };
}
