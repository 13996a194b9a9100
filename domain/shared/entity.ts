/**
 * The base of the aggregates: an aggregate's whole state is one snapshot object, private to it. It is
 * built from a fresh snapshot (its factory) or a stored one (`restore`), and handed out only as a copy
 * (`toSnapshot`), so nothing outside the aggregate changes it behind its rules.
 */
abstract class Entity<S extends { id: string }> {
  #props: S;

  protected constructor(props: S) {
    this.#props = props;
  }

  get id(): string {
    return this.#props.id;
  }

  /** The current state, for the aggregate's own rules. */
  protected get props(): S {
    return this.#props;
  }

  protected set props(next: S) {
    this.#props = next;
  }

  /** A copy of the state, for the repositories. */
  toSnapshot(): S {
    return this.copy(this.#props);
  }

  /** A copy sharing nothing mutable with `props`; an aggregate with lists in its state copies those too. */
  protected copy(props: S): S {
    return { ...props };
  }
}

/** The read-only properties `withFields` gives an aggregate: the named snapshot fields, as they are. */
type Fields<S, K extends keyof S> = { readonly [P in K]: S[P] };

/**
 * An Entity base that also shows the named snapshot fields as read-only properties (`bid.status`), so an
 * aggregate writes a getter only where it computes or copies: `class Bid extends withFields<BidSnapshot>()('status')`.
 */
export function withFields<S extends { id: string }>() {
  return <const K extends keyof S>(...names: K[]) => {
    abstract class WithFields extends Entity<S> {
      static {
        for (const name of names) {
          Object.defineProperty(WithFields.prototype, name, {
            configurable: true,
            get(this: WithFields) {
              return this.props[name];
            },
          });
        }
      }
    }
    return WithFields as unknown as abstract new (
      props: S,
    ) => WithFields & Fields<S, K>;
  };
}
