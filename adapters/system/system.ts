import { randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from '../../application/shared/ports.ts';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

export class UuidGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
