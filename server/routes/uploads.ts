/**
 * Task uploads (spec part 2 §7): the presigned direct-upload URL, the PUT behind it, brand
 * assets, the logo and file deletion.
 *
 * - uploadRoutes (session context): presign, brand assets, logo, DELETE /activities/assets/{id}.
 * - storageRoutes (signed-URL context): PUT {UPLOAD_PATH}/{signed_id}?expires&sig, the raw bytes
 *   with Content-MD5; checked and stored by domain/storage/uploads.ts (the browser's PUT carries no
 *   session headers, the signature is the permission). Disk storage only: on S3 storage the
 *   presigned URL is the bucket's, and this route refuses what it would never have signed.
 * - The storage is the configured one (domain/storage/storage.ts storageFor); the sweep of never-uploaded
 *   files runs as a recurring job (domain/storage/storage-sweep.ts, registered by importing it here).
 */
import type { FastifyPluginAsync } from 'fastify';
import { BRAND_MESSAGES } from '../../src/api/contracts/tasks';
import {
  brandAssetsOf,
  removeLogo,
  saveBrandAssets,
  saveLogo,
} from '../domain/activities/activities-content';
import { storageFor } from '../domain/storage/storage';
import '../domain/storage/storage-sweep';
import { uploadsApi } from '../../src/api/contracts/routes/uploads';
import {
  deleteOwnFile,
  presignKeyOf,
  presignUpload,
  readLogo,
  receiveUpload,
  verifyUploadUrl,
} from '../domain/storage/uploads';
import { badRequest, notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const uploadRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, becomeSecret } = app;
  const storage = storageFor(app.config);

  serve(app, uploadsApi.getActivitiesAssetsPresignedUrl, async (request) => {
    const key = presignKeyOf(request.headers['idempotency-key']);
    return presignUpload(db, becomeSecret, storage, callerOf(request), request.query, key);
  });
  serve(app, uploadsApi.deleteActivitiesAssetsId, async (request, reply) =>
    mutate(db, request, reply, async (tx) => {
      await deleteOwnFile(tx, storage, callerOf(request).organizationId, Number(request.params.id));
      return { message: BRAND_MESSAGES.deleted };
    }),
  );
  serve(app, uploadsApi.getActivitiesBrandAssets, async (request) =>
    brandAssetsOf(db, callerOf(request).organizationId),
  );
  serve(app, uploadsApi.postActivitiesBrandAssets, async (request, reply) =>
    mutate(db, request, reply, (tx) => saveBrandAssets(tx, callerOf(request).organizationId, request.body)),
  );
  serve(app, uploadsApi.postActivitiesUploadLogo, async (request, reply) =>
    mutate(db, request, reply, (tx) =>
      saveLogo(
        tx,
        callerOf(request).organizationId,
        request.body.logo,
        request.body.activity_id,
        request.body.based_on_version,
      ),
    ),
  );
  serve(app, uploadsApi.deleteActivitiesLogo, async (request, reply) =>
    mutate(db, request, reply, (tx) =>
      removeLogo(tx, callerOf(request).organizationId, request.body.based_on_version),
    ),
  );
};

export const storageRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const storage = storageFor(app.config);
  // The bytes arrive raw, whatever the declared type; the domain checks them by content.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 3 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  serve(
    app,
    uploadsApi.putActivitiesAssetsUploadSignedId,
    async (request) => {
      if (storage.kind !== 'disk') throw notFound('Upload not found');
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw badRequest('The file is missing');
      const md5 = request.headers['content-md5'];
      await receiveUpload(
        app.db,
        storage,
        request.params.signed_id,
        typeof md5 === 'string' ? md5 : undefined,
        bytes,
      );
      return { message: 'Uploaded' };
    },
    {
      config: {
        signedUrl: (secret, request) => {
          const { signed_id } = request.params as { signed_id?: string };
          const { expires, sig } = (request.query ?? {}) as Record<string, unknown>;
          return verifyUploadUrl(secret, signed_id, expires, sig);
        },
      },
    },
  );
};

/**
 * GET /logos/{signed_id} (public context): the logo for <img> (see logoUrl): its bytes, or on S3
 * storage a redirect to a presigned GET (kept by the browser for less than the link lives).
 */
export const logoRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const storage = storageFor(app.config);
  const linkSeconds = app.config.storage.kind === 's3' ? app.config.storage.linkSeconds : 0;
  serve(app, uploadsApi.getLogosSignedId, async (request, reply) => {
    const logo = await readLogo(app.db, storage, request.params.signed_id);
    if (logo.link) {
      reply.header('cache-control', `private, max-age=${Math.floor(linkSeconds / 2)}`);
      return reply.redirect(logo.link, 302);
    }
    reply.header('content-type', logo.type);
    reply.header('cache-control', 'private, max-age=3600');
    return reply.send(logo.bytes);
  });
};
