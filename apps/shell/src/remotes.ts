import type { RemoteModule } from '@buildbid/api-client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from './routes.ts';

/** { name: manifest URL }, served by the API (and by the shell's dev server in development). */
export type RemotesMap = Partial<Record<string, string>>;

let remotesMap: Promise<RemotesMap> | null = null;

async function fetchRemotesMap(): Promise<RemotesMap> {
  const response = await fetch('/remotes.json', {
    cache: 'no-cache',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load /remotes.json (${response.status})`);
  return (await response.json()) as RemotesMap;
}

/**
 * Fetches /remotes.json once; a failure is forgotten so the next attempt fetches again, and
 * `refresh` fetches it anew (a retry may find a redeployed remote at a new address).
 */
export function ensureRemotes(refresh = false): Promise<RemotesMap> {
  if (!remotesMap || refresh) {
    const loading = fetchRemotesMap();
    remotesMap = loading;
    loading.catch(() => {
      if (remotesMap === loading) remotesMap = null;
    });
  }
  return remotesMap;
}

/** The manifest each remote is registered with in the federation runtime. */
const registered = new Map<string, string>();

function register(name: string, entry: string, force: boolean): void {
  if (!force && registered.get(name) === entry) return;
  // force drops whatever the runtime cached for this remote (a failed manifest or entry script).
  registerRemotes([{ name, entry }], { force: force || registered.has(name) });
  registered.set(name, entry);
}

const modules = new Map<RemoteName, Promise<RemoteModule>>();

async function importRemoteApp(name: RemoteName, retry: boolean): Promise<RemoteModule> {
  const map = await ensureRemotes(retry);
  const entry = map[name];
  if (!entry) throw new Error(`The '${name}' remote is not listed in /remotes.json`);
  register(name, entry, retry);
  const mod = await loadRemote<RemoteModule>(`${name}/App`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`'${name}/App' has no default export`);
  return mod;
}

const exposed = new Map<string, Promise<unknown>>();
/** Modules whose last load failed: the next attempt registers their remote afresh. */
const exposedFailures = new Set<string>();

/**
 * Loads any exposed module ('bids/BidDialog') for a remote (RemoteProps.loadModule): the remote is
 * registered from /remotes.json first. A failure is forgotten, so the next call tries again (and
 * re-reads /remotes.json, which may point at a redeployed remote).
 */
export function loadRemoteModule<T = unknown>(id: string): Promise<T> {
  const cached = exposed.get(id);
  if (cached) return cached as Promise<T>;
  const name = id.split('/')[0] ?? '';
  const loading = (async () => {
    const retry = registered.has(name) && exposedFailures.has(id);
    const map = await ensureRemotes(retry);
    const entry = map[name];
    if (!entry) throw new Error(`The '${name}' remote is not listed in /remotes.json`);
    register(name, entry, retry);
    const mod = await loadRemote<T>(id);
    if (!mod) throw new Error(`'${id}' is not exposed`);
    exposedFailures.delete(id);
    return mod;
  })();
  exposed.set(id, loading);
  loading.catch(() => {
    exposedFailures.add(id);
    if (exposed.get(id) === loading) exposed.delete(id);
  });
  return loading;
}

export type RemoteLoader = ((name: RemoteName, retry: boolean) => Promise<RemoteModule>) & {
  /** The module, when a load has already finished (the entry starts the address's remote: early.ts). */
  loaded?(name: RemoteName): RemoteModule | undefined;
};

const ready = new Map<RemoteName, RemoteModule>();

/** Loads '<name>/App' once; `retry` discards a failed attempt and loads again. */
export const loadRemoteApp: RemoteLoader = (name, retry) => {
  const cached = modules.get(name);
  if (cached && !retry) return cached;
  const loading = importRemoteApp(name, retry);
  modules.set(name, loading);
  loading.then(
    (mod) => {
      if (modules.get(name) === loading) ready.set(name, mod);
    },
    () => {
      if (modules.get(name) === loading) modules.delete(name);
    },
  );
  return loading;
};
loadRemoteApp.loaded = (name) => ready.get(name);
