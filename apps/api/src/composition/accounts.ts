import {
  type AccountLifecycleDeps,
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
import { ListAdminActions, ListRoleChanges, ListUsers } from '#application/admin/index.ts';
import { UpdateProfile } from '#application/profile/index.ts';
import { GetPlatformStats } from '#application/stats/index.ts';
import { context, type DepTokens, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';
import { MAIL_DELIVERY } from './workers.ts';

const { Users, PasswordHasher: Hasher, Ids, Clock: Time, Sessions, UnitOfWork: Uow } = TOKENS;
const changedBy = { uow: Uow, clock: Time, ids: Ids };

/**
 * The account lifecycle (decision 0160): one set of collaborators for its use cases. Its mails (reset and
 * verification links) go through the mail outbox and wake its worker at once.
 */
const lifecycle: DepTokens<AccountLifecycleDeps> = {
  users: Users,
  uow: Uow,
  hasher: Hasher,
  sessions: Sessions,
  resets: TOKENS.PasswordResets,
  tokens: TOKENS.AccountTokens,
  mail: MAIL_DELIVERY.Outbox,
  realtime: TOKENS.RealtimePort,
  files: TOKENS.Files,
  exports: TOKENS.AccountExport,
  clock: Time,
  links: TOKENS.AccountLinks,
  accessTokens: TOKENS.AccessTokens,
  suspensions: TOKENS.Suspensions,
};

/** Accounts: registration, sessions, the account's lifecycle, the profile and the admin's user table. */
export const accounts = context(
  {
    registerUser: withDeps(RegisterUser, { users: Users, hasher: Hasher, ids: Ids, clock: Time }),
    signIn: withDeps(SignIn, {
      users: Users,
      hasher: Hasher,
      sessions: Sessions,
      clock: Time,
      guards: TOKENS.SignInGuards,
      suspensions: TOKENS.Suspensions,
    }),
    signOut: withDeps(SignOut, { sessions: Sessions }),
    startSession: withDeps(StartSession, { sessions: Sessions, clock: Time }),
    authenticate: withDeps(Authenticate, {
      sessions: Sessions,
      users: Users,
      clock: Time,
      signedIn: TOKENS.SignedInUsers,
    }),
    changeOwnRole: withDeps(ChangeOwnRole, { uow: Uow, clock: Time }),
    adminChangeRole: withDeps(AdminChangeRole, changedBy),
    changePassword: withDeps(ChangePassword, lifecycle),
    deleteAccount: withDeps(DeleteAccount, lifecycle),
    exportMyData: withDeps(ExportMyData, lifecycle),
    requestPasswordReset: withDeps(RequestPasswordReset, lifecycle),
    resetPassword: withDeps(ResetPassword, lifecycle),
    sendVerificationEmail: withDeps(SendVerificationEmail, lifecycle),
    verifyEmail: withDeps(VerifyEmail, lifecycle),
    updateProfile: withDeps(UpdateProfile, { uow: Uow, clock: Time, hasher: Hasher }),
    listUsers: withDeps(ListUsers, {
      admin: TOKENS.AdminQuery,
      suspensions: TOKENS.Suspensions,
      clock: Time,
    }),
    listAdminActions: withDeps(ListAdminActions, { admin: TOKENS.AdminQuery }),
    listRoleChanges: withDeps(ListRoleChanges, { admin: TOKENS.AdminQuery }),
    getPlatformStats: withDeps(GetPlatformStats, { stats: TOKENS.StatsQuery }),
  },
  // The admin:promote command's.
  [withDeps(PromoteToAdmin, changedBy)],
);
