/**
 * A real S3-protocol server for the tests (s3rver, in-process, on a free loopback port) with one
 * bucket whose CORS rules let the portal's pages PUT and GET across origins, and the `storage`
 * settings that point the app at it (path-style, as for any self-hosted store).
 *
 * s3rver checks a presigned URL's expiry but, unlike S3, neither V4 signatures nor Content-MD5:
 * the server's own checks of the stored object (domain/storage/storage-checks.ts) are what the tests see.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/config';

export const BUCKET = 'portal-files';
export const PAGE_ORIGIN = 'http://localhost:8080';

const CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>${PAGE_ORIGIN}</AllowedOrigin>
  <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
  <AllowedHeader>content-type</AllowedHeader><AllowedHeader>content-md5</AllowedHeader>
  <MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export type S3Server = { settings: S3Settings; endpoint: string; close: () => Promise<void> };

export async function startS3Server(linkSeconds = 900): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [CORS] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: {
      kind: 's3',
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      // s3rver's built-in account.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      linkSeconds,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
