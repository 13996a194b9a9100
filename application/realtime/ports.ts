/**
 * Real-time delivery to a user's open sockets (every tab and device). The in-process adapter serves
 * one API instance; a PostgreSQL LISTEN/NOTIFY adapter for several instances comes with messaging.
 */
export interface RealtimeMessage {
  type: string;
  data?: unknown;
}

export interface RealtimePort {
  /** Delivers to every open socket of the user; a user with none simply misses it. */
  sendToUser(userId: string, message: RealtimeMessage): Promise<void>;
  /** Closes the sockets opened with this session (sign-out). */
  closeSession(sessionId: string): Promise<void>;
}
