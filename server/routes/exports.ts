/**
 * CSV exports (spec part 3 §7: POST /{type}/export -> action and message), the export file behind
 * a notification (GET notifications/export/{id} -> export_file_url) and the signed download itself.
 *
 * - Each exportable type registers in EXPORT_TYPES: its Exporter and how a request becomes its
 *   parameters (tenant scope included). Unknown types have no route at all.
 * - The export row is written through mutate(): a repeated request with the same Idempotency-Key
 *   answers the same export and never starts a second background job.
 * - A missing, failed or expired export answers export_file_url null, which the client shows as
 *   'File has expired, Please issue export request again.'
 * - Background jobs are awaited when the app closes, so a test or a graceful shutdown never cuts a
 *   file in half.
 */
import { createReadStream, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FILE_EXPIRED } from '../../src/api/contracts/shell';
import { EXPORT_IN_PROGRESS, ExportBody, type ExportResponse } from '../../src/api/contracts/toolbar';
import type { Db } from '../db/client';
import { dataExports } from '../db/schema/toolbar';
import {
  EXPORT_DIRECT_LIMIT,
  type Exporter,
  exportsDir,
  finishExportLater,
  pruneExpiredExports,
  signedExportUrl,
  verifyExportUrl,
  writeExport,
} from '../domain/exports';
import { scopeOf } from '../domain/leads';
import { leadsExporter } from '../domain/leads-export';
import { notFound, parse, parseId, unprocessable } from '../lib/errors';
import { type Caller, callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

type ExportType<P> = {
  exporter: Exporter<P>;
  params: (db: Db, caller: Caller, body: ExportBody) => Promise<P>;
};

const registered = <P>(entry: ExportType<P>) => entry as ExportType<unknown>;

export const EXPORT_TYPES: Record<string, ExportType<unknown>> = {
  leads: registered({
    exporter: leadsExporter,
    params: async (db, caller, body) => ({ scope: await scopeOf(db, caller.organizationId), body }),
  }),
};

export async function exportRoutes(app: FastifyInstance, { db, config, becomeSecret, live }: RouteDeps) {
  const jobs = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...jobs]);
  });

  for (const [type, entry] of Object.entries(EXPORT_TYPES)) {
    app.post(`/${type}/export`, { preHandler: app.auth }, async (request, reply) => {
      const caller = callerOf(request);
      const body = parse(ExportBody, request.body);
      if (body.start_date > body.end_date) {
        throw unprocessable({ end_date: ['The end date must be on or after the start date'] });
      }
      const params = await entry.params(db, caller, body);
      const rows = await entry.exporter.count(db, params);
      await pruneExpiredExports(db, config.dataDir).catch((error) =>
        request.log.warn({ err: error }, 'expired exports not pruned'),
      );
      const answer = await mutate(db, request, reply, async (tx): Promise<ExportResponse> => {
        const [row] = await tx
          .insert(dataExports)
          .values({ user_id: caller.userId, type, params: body, row_count: rows })
          .returning({ id: dataExports.id });
        if (rows > EXPORT_DIRECT_LIMIT) {
          return { action: 'wait', message: EXPORT_IN_PROGRESS.body, export_id: row.id };
        }
        await writeExport(tx, config.dataDir, row.id, entry.exporter, params);
        return { action: 'download', message: signedExportUrl(becomeSecret, row.id), export_id: row.id };
      });
      if (answer.action === 'wait' && answer.export_id && reply.getHeader('idempotent-replayed') !== 'true') {
        const job = finishExportLater(
          db,
          live,
          config.dataDir,
          { userId: caller.userId },
          answer.export_id,
          entry.exporter,
          params,
        ).finally(() => jobs.delete(job));
        jobs.add(job);
      }
      return answer;
    });
  }

  app.get('/notifications/export/:id', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    const id = Number(parseId(request.params));
    const [row] = await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, id), eq(dataExports.user_id, caller.userId)));
    if (!row) throw notFound('Export not found');
    const usable =
      row.status === 'ready' &&
      row.file_path !== null &&
      (!row.expires_at || row.expires_at.getTime() > Date.now()) &&
      existsSync(join(exportsDir(config.dataDir), basename(row.file_path)));
    return { export_file_url: usable ? signedExportUrl(becomeSecret, row.id) : null };
  });

  app.get('/exports/:id/download', async (request, reply) => {
    const id = Number(parseId(request.params));
    const { expires = '', sig = '' } = request.query as { expires?: string; sig?: string };
    if (!verifyExportUrl(becomeSecret, id, expires, sig)) throw notFound('This link has expired');
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    if (
      !row?.file_path ||
      row.status !== 'ready' ||
      (row.expires_at && row.expires_at.getTime() <= Date.now())
    ) {
      throw notFound(FILE_EXPIRED);
    }
    const path = join(exportsDir(config.dataDir), basename(row.file_path));
    if (!existsSync(path)) throw notFound(FILE_EXPIRED);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${basename(row.file_path)}"`);
    return reply.send(createReadStream(path));
  });

  /** The onboarding tool's identify call, modelled here: recorded in the log, nothing else. */
  app.post('/onboarding/identify', { preHandler: app.auth }, async (request, reply) => {
    const caller = callerOf(request);
    request.log.info({ user: caller.userId, email: caller.email }, 'onboarding identify');
    reply.code(202);
    return { message: 'Identified' };
  });
}
