import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageSettings } from '#adapters/storage/s3-file-storage.ts';

/**
 * A real S3-compatible HTTP server (s3rver) on a free local port with the given buckets, for the S3
 * adapter's tests: the SDK talks HTTP to it exactly as to MinIO or AWS, and nothing leaves the machine.
 */
export async function startLocalS3(buckets: string[]) {
  const directory = mkdtempSync(join(tmpdir(), 'buildbid-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    /** Settings for the S3 adapter (s3rver accepts its fixed development key pair). */
    settings(bucket: string): S3StorageSettings {
      return {
        bucket,
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      };
    },
    /** The environment an API process needs to keep its uploads here. */
    env(bucket: string): Record<string, string> {
      return {
        STORAGE: 's3',
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
