/**
 * An S3 bucket for browser tests: the server tests' s3rver (test/server/s3-server.ts, in-process on
 * a free port) with its CORS rule rewritten for the origin the pages are really served from (a
 * proxy's, known only once the proxy listens), the environment that puts a server on it, and a look
 * at what the bucket holds.
 *
 * The rule is set through the S3 API (PutBucketCors), as an operator would, so the page's
 * cross-origin PUT passes or fails exactly as the bucket's configuration says.
 */
import { PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { s3Storage } from '../../server/domain/storage/storage-s3';
import { startS3Server } from '../server/s3-server';

export type TestBucket = {
  /** The server's environment for STORAGE=s3 on this bucket. */
  env: Record<string, string>;
  /** Lets pages of `origin` PUT and GET objects with the upload's headers. */
  allowOrigin: (origin: string) => Promise<void>;
  /** The object's size and MD5 (hex), or null when the bucket does not hold it. */
  head: (key: string) => Promise<{ size: number; md5Hex: string | null } | null>;
  close: () => Promise<void>;
};

export async function startBucket(): Promise<TestBucket> {
  const s3 = await startS3Server();
  const { settings } = s3;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: settings.credentials,
  });
  const storage = s3Storage(settings);
  return {
    env: {
      STORAGE: 's3',
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'on',
      S3_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? '',
    },
    allowOrigin: async (origin) => {
      await client.send(
        new PutBucketCorsCommand({
          Bucket: settings.bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [origin],
                AllowedMethods: ['PUT', 'GET'],
                AllowedHeaders: ['content-type', 'content-md5'],
                MaxAgeSeconds: 3000,
              },
            ],
          },
        }),
      );
    },
    head: (key) => storage.head(key),
    close: async () => {
      client.destroy();
      await s3.close();
    },
  };
}
