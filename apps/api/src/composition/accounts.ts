import { type Container, ContainerModule } from 'inversify';
import {
  AdminChangeRole,
  Authenticate,
  ChangeOwnRole,
  ChangePassword,
  DeleteAccount,
  ExportMyData,
  PromoteToAdmin,
  RegisterUser,
  RequestPasswordReset,
  ResetPassword,
  SendVerificationEmail,
  SignIn,
  SignOut,
  StartSession,
  VerifyEmail,
} from '#application/accounts/index.ts';
import { ListRoleChanges, ListUsers } from '#application/admin/index.ts';
import { UpdateProfile } from '#application/profile/index.ts';
import { GetPlatformStats } from '#application/stats/index.ts';
import { TOKENS } from './tokens.ts';

/** Accounts: registration, sessions, the account's lifecycle, the profile and the admin's user table. */
export function accountsUseCases(container: Container) {
  return {
    registerUser: container.get(RegisterUser),
    signIn: container.get(SignIn),
    signOut: container.get(SignOut),
    startSession: container.get(StartSession),
    authenticate: container.get(Authenticate),
    changeOwnRole: container.get(ChangeOwnRole),
    adminChangeRole: container.get(AdminChangeRole),
    changePassword: container.get(ChangePassword),
    deleteAccount: container.get(DeleteAccount),
    exportMyData: container.get(ExportMyData),
    requestPasswordReset: container.get(RequestPasswordReset),
    resetPassword: container.get(ResetPassword),
    sendVerificationEmail: container.get(SendVerificationEmail),
    verifyEmail: container.get(VerifyEmail),
    updateProfile: container.get(UpdateProfile),
    listUsers: container.get(ListUsers),
    listRoleChanges: container.get(ListRoleChanges),
    getPlatformStats: container.get(GetPlatformStats),
  };
}
export type AccountsUseCases = ReturnType<typeof accountsUseCases>;

type SignInGuards = ConstructorParameters<typeof SignIn>[0]['guards'];
type SignedInUsers = ConstructorParameters<typeof Authenticate>[0]['signedIn'];

/** The accounts' use cases, built from the ports bound in container.ts. */
export function accountsBindings(shared: { signInGuards: SignInGuards; signedInUsers: SignedInUsers }) {
  const { signInGuards, signedInUsers } = shared;
  return new ContainerModule(({ bind }) => {
    const { Users, PasswordHasher: Hasher, Ids, Clock: Time, Sessions, UnitOfWork: Uow } = TOKENS;
    bind(RegisterUser).toResolvedValue(
      (u, h, i, c) => new RegisterUser({ users: u, hasher: h, ids: i, clock: c }),
      [Users, Hasher, Ids, Time],
    );
    bind(SignIn).toResolvedValue(
      (u, h, s, c) => new SignIn({ users: u, hasher: h, sessions: s, clock: c, guards: signInGuards }),
      [Users, Hasher, Sessions, Time],
    );
    bind(StartSession).toResolvedValue(
      (s, c) => new StartSession({ sessions: s, clock: c }),
      [Sessions, Time],
    );
    bind(SignOut).toResolvedValue((s) => new SignOut({ sessions: s }), [Sessions]);
    bind(Authenticate).toResolvedValue(
      (s, u, c) => new Authenticate({ sessions: s, users: u, clock: c, signedIn: signedInUsers }),
      [Sessions, Users, Time],
    );
    bind(ChangeOwnRole).toResolvedValue((u, c) => new ChangeOwnRole({ uow: u, clock: c }), [Uow, Time]);
    bind(AdminChangeRole).toResolvedValue(
      (u, c, i) => new AdminChangeRole({ uow: u, clock: c, ids: i }),
      [Uow, Time, Ids],
    );
    bind(PromoteToAdmin).toResolvedValue(
      (u, c, i) => new PromoteToAdmin({ uow: u, clock: c, ids: i }),
      [Uow, Time, Ids],
    );
  });
}
