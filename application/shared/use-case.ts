/**
 * The base of every use case: its collaborators come in one `deps` object, named after what they
 * provide, so a use case's constructor is never a list of positional arguments copied into fields.
 */
export abstract class UseCase<Deps> {
  protected readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }
}
