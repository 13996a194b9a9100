import { type Bind, type Container, ContainerModule, type ServiceIdentifier } from 'inversify';

/** For each of a use case's collaborators (its `deps` object), the identifier it is bound under. */
export type DepTokens<D> = { [K in keyof D]: ServiceIdentifier<Exclude<D[K], undefined>> };

/** One binding of a context: the identifier it is bound under, and how (nothing: bound by the root). */
export interface Part<T = unknown> {
  readonly id: ServiceIdentifier<T>;
  readonly bind?: (bind: Bind) => void;
}

/**
 * A use case built from its one `deps` object, each collaborator resolved by the identifier `deps`
 * names: a binding is a row of a table, and an identifier of the wrong type does not compile.
 */
export function withDeps<D extends object, T>(
  UseCase: new (deps: D) => T,
  deps: NoInfer<DepTokens<D>>,
): Part<T> {
  const names = Object.keys(deps) as (keyof D & string)[];
  return resolved(
    UseCase,
    (...values: unknown[]) => new UseCase(Object.fromEntries(names.map((name, i) => [name, values[i]])) as D),
    names.map((name) => deps[name]),
  );
}

/** Anything else a context builds from bound values: `make` gets what `from` identifies, in order. */
export function resolved<T, A extends unknown[]>(
  id: ServiceIdentifier<T>,
  make: (...args: A) => T,
  from: { [I in keyof A]: ServiceIdentifier<A[I]> },
): Part<T> {
  return { id, bind: (bind) => bind(id).toResolvedValue(make, from as never) };
}

/** What the root binds (a port) that a context hands to the HTTP layer as it is. */
export const bound = <T>(id: ServiceIdentifier<T>): Part<T> => ({ id });

/**
 * One bounded context's composition (decision 0202): `exposed` are the use cases the HTTP layer may
 * call, by name; `internal` what only workers and other use cases resolve. `module` binds them all
 * (the ports they take are bound by the composition root, container.ts); `resolve` resolves the
 * exposed ones once, at start, into a typed object.
 */
export function context<E extends Record<string, Part>>(exposed: E, internal: readonly Part[] = []) {
  return {
    module: new ContainerModule(({ bind }) => {
      for (const part of [...Object.values(exposed), ...internal]) part.bind?.(bind);
    }),
    resolve: (container: Container) =>
      Object.fromEntries(Object.entries(exposed).map(([name, part]) => [name, container.get(part.id)])) as {
        [K in keyof E]: E[K] extends Part<infer T> ? T : never;
      },
  };
}
