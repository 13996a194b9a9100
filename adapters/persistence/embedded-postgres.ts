import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgresOptions {
  /** A directory to keep the data in across restarts; in memory when undefined. */
  dataDir?: string | undefined;
  /** TCP port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number | undefined;
  /**
   * Concurrent connections the socket server accepts (its default is 1). Must be at least the pool
   * size of every ORM connected at the same time, or extra connections are refused.
   */
  maxConnections?: number | undefined;
}

export interface EmbeddedPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

/**
 * PostgreSQL (PGlite, WASM) behind a wire-protocol socket, so the unchanged pg driver can connect.
 * For development and tests without a server. PGlite runs one transaction at a time across all
 * connections: code that holds a transaction while waiting on a second connection deadlocks here,
 * and row-lock behaviour must be proven on a real PostgreSQL.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  // pg_trgm: the project search's trigram index (Migration20270111000001_browse_speed).
  const extensions = { pg_trgm };
  const db =
    options.dataDir === undefined
      ? await PGlite.create({ extensions })
      : await PGlite.create(options.dataDir, { extensions });
  const server = new PGLiteSocketServer({
    db,
    host: HOST,
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 32,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  // After start() the server reports the port it actually bound (relevant for port 0).
  const port = Number(server.getServerConn().split(':').pop());
  let stopped = false;
  return {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
