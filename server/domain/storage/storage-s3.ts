/**
 * The S3-compatible bucket behind FileStorage (file-storage.ts; storage.ts opens it), with
 * @aws-sdk/client-s3: AWS S3 itself or any store that speaks its protocol (MinIO, R2, the tests'
 * s3rver), chosen by config `storage`.
 *
 * - Uploads: a presigned PUT whose signature covers Content-Type, Content-MD5 and Content-Length,
 *   so the store accepts only the declared bytes (S3 checks a body against its Content-MD5 and
 *   refuses a request whose signed headers differ), for minutes (uploads.ts UPLOAD_URL_SECONDS).
 *   Not every S3-compatible store enforces all of it, so the server still checks the object, on a
 *   copy no presigned URL can write (accept-upload.ts).
 * - Downloads: presigned GETs of S3_LINK_SECONDS, with the file name and type as response headers.
 * - Checksums off unless the operation requires one: the SDK's default CRC32 would add a header to
 *   every presigned PUT that a browser cannot compute, and some compatible stores refuse it.
 * - `origin`: where those URLs point (endpoint, path- or host-style), for the CSP's connect-src.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config';
import { checkKey, type FileStorage } from './file-storage';

/** The origin presigned URLs of this bucket point at. */
export function bucketOrigin(settings: S3Settings): string {
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  return settings.forcePathStyle ? base.origin : `${base.protocol}//${settings.bucket}.${base.host}`;
}

const status = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** null for an object that is not there, the error otherwise. */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (status(error) === 404) return null;
    throw error;
  }
}

/** An ETag that is the object's MD5 (a single PUT without KMS); multipart and KMS ETags are not. */
const etagMd5 = (etag: string | undefined) => {
  const bare = etag?.replace(/"/g, '').toLowerCase() ?? '';
  return /^[0-9a-f]{32}$/.test(bare) ? bare : null;
};

export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const object = (key: string) => ({ Bucket, Key: checkKey(key) });
  return {
    kind: 's3',
    origin: bucketOrigin(settings),
    async presignPut(key, file, expiresIn) {
      const command = new PutObjectCommand({
        ...object(key),
        ContentType: file.contentType,
        ContentMD5: file.checksum,
        ContentLength: file.byteSize,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn,
        // The browser sends Content-Length itself (it may not set it): signed, only that size fits.
        signableHeaders: new Set(['content-type', 'content-md5', 'content-length']),
      });
      return { url, headers: { 'Content-Type': file.contentType, 'Content-MD5': file.checksum } };
    },
    async presignGet(key, as) {
      const disposition = as.inline ? 'inline' : 'attachment';
      const filename = as.filename?.replace(/[^\w.-]+/g, '-');
      const command = new GetObjectCommand({
        ...object(key),
        ResponseContentType: as.contentType,
        ResponseContentDisposition: filename ? `${disposition}; filename="${filename}"` : disposition,
      });
      return getSignedUrl(client, command, { expiresIn: settings.linkSeconds });
    },
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ ...object(key), Body: bytes, ContentType: contentType }));
    },
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({
          ...object(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      return unlessMissing(async () => {
        const answer = await client.send(new GetObjectCommand(object(key)));
        return Buffer.from(
          await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
        );
      });
    },
    async stream(key) {
      return unlessMissing(async () => {
        const answer = await client.send(new GetObjectCommand(object(key)));
        return answer.Body instanceof Readable ? answer.Body : null;
      });
    },
    async head(key) {
      return unlessMissing(async () => {
        const answer = await client.send(new HeadObjectCommand(object(key)));
        return { size: answer.ContentLength ?? 0, md5Hex: etagMd5(answer.ETag) };
      });
    },
    async readStart(key, length) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ ...object(key), Range: `bytes=0-${length - 1}` }),
        );
        const bytes = await (
          answer.Body as { transformToByteArray(): Promise<Uint8Array> }
        ).transformToByteArray();
        return Buffer.from(bytes).subarray(0, length);
      } catch (error) {
        if (status(error) === 404) return null;
        // An empty object has no byte 0: nothing to read, not an error.
        if (status(error) === 416) return Buffer.alloc(0);
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    async copy(from, to) {
      await client.send(new CopyObjectCommand({ ...object(to), CopySource: `${Bucket}/${checkKey(from)}` }));
    },
  };
}
