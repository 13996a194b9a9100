/**
 * Ports every use case may need, named after what they provide. Adapters implement them;
 * tests use the in-memory fakes under tests/.
 */
export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique id (a UUID in production). */
  next(): string;
}
