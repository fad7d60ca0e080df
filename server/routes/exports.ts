/**
 * CSV exports (spec part 3 §7: POST /{type}/export -> action and message), the export file behind
 * a notification (GET notifications/export/{id} -> export_file_url) and the signed download itself.
 *
 * - exportRoutes (session context): the exports and the file link; exportDownloadRoutes (signed
 *   URL context): the download, which an <a> makes without headers.
 * - Each exportable type registers in EXPORT_TYPES: its Exporter and how a request becomes its
 *   parameters (tenant scope included); its endpoint is declared in exportEndpoints
 *   (src/api/contracts/routes/exports.ts). Unknown types have no route at all. The performance
 *   breakdown tables answer at their report path with `.csv` (spec part 3 §7), the others at
 *   /{type}/export.
 * - The export row and, for a large export, its durable job (server/jobs/, kind 'export') are
 *   written together through mutate(): a repeated request with the same Idempotency-Key answers
 *   the same export and never enqueues a second job; a crash mid-export is finished by the
 *   restarted (or another) instance.
 * - A failed or expired export (or one whose file left the storage) answers export_file_url null,
 *   which the client shows as 'File has expired, Please issue export request again.'; an export id
 *   that is not the caller's (or no longer exists) is a 404 that says those same words.
 * - The file lives in the file storage (domain/storage/storage.ts): its link is the bucket's presigned GET
 *   on S3 storage, else the signed download below (exportLink).
 * - The job worker waits for running jobs when the app closes, so a graceful shutdown never cuts
 *   a file in half (and a crash is retried).
 */
import type { FastifyPluginAsync } from 'fastify';
import { exportEndpoints, exportsApi } from '../../src/api/contracts/routes/exports';
import { FILE_EXPIRED } from '../../src/api/contracts/shell';
import { EXPORT_IN_PROGRESS, type ExportBody, type ExportResponse } from '../../src/api/contracts/toolbar';
import type { Db } from '../db/client';
import { invoiceScope } from '../domain/billing/invoices';
import { invoicesExporter } from '../domain/billing/invoices-export';
import { campaignsExporter } from '../domain/campaigns/campaigns-export';
import {
  createExportRow,
  EXPORT_DIRECT_LIMIT,
  EXPORT_JOB,
  type Exporter,
  type ExportJob,
  exportFile,
  exportLink,
  exportStream,
  failExportJob,
  ownExportFile,
  pruneExpiredExports,
  runExportJob,
  verifyExportUrl,
  writeExport,
} from '../domain/exports/exports';
import { scopeOf } from '../domain/leads/leads';
import { leadsExporter } from '../domain/leads/leads-export';
import { PERFORMANCE_EXPORTERS, perfExportParams } from '../domain/performance/perf-exports';
import { enqueueJob, registerJobHandler } from '../jobs/queue';
import { notFound, unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { type Caller, callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

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
  invoices: registered({
    exporter: invoicesExporter,
    params: async (db, caller, body) => ({ scope: await invoiceScope(db, caller.organizationId), body }),
  }),
  ...Object.fromEntries(
    Object.entries(PERFORMANCE_EXPORTERS).map(([type, exporter]) => [
      type,
      registered({
        exporter,
        params: (db, caller, body) => perfExportParams(db, caller, body),
      }),
    ]),
  ),
  campaigns: registered({
    exporter: campaignsExporter,
    params: async (db, caller, body) => ({ scope: await scopeOf(db, caller.organizationId), body }),
  }),
};

const exporterOf = (type: string) => {
  const entry = EXPORT_TYPES[type];
  if (!entry) throw new Error(`No exporter for ${type}`);
  return entry.exporter;
};

registerJobHandler<ExportJob>(
  EXPORT_JOB,
  (job, { db, live, config }) => runExportJob(db, live, config, job, exporterOf(job.type)),
  {
    maxAttempts: 4,
    onFailed: (job, { db, live }, error) => failExportJob(db, live, job, exporterOf(job.type).label, error),
  },
);

export const exportRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, config, becomeSecret } = app;

  for (const [type, declaration] of Object.entries(exportEndpoints)) {
    const entry = EXPORT_TYPES[type];
    if (!entry) throw new Error(`No exporter for ${type}`);
    serve(app, declaration, async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      if (body.start_date > body.end_date) {
        throw unprocessable({ end_date: ['The end date must be on or after the start date'] });
      }
      const params = await entry.params(db, caller, body);
      const rows = await entry.exporter.count(db, params);
      await pruneExpiredExports(db, config).catch((error) =>
        request.log.warn({ err: error }, 'expired exports not pruned'),
      );
      return mutate(db, request, reply, async (tx): Promise<ExportResponse> => {
        const id = await createExportRow(tx, caller.userId, type, body, rows);
        if (rows > EXPORT_DIRECT_LIMIT) {
          const job: ExportJob = { exportId: id, userId: caller.userId, type, params };
          await enqueueJob(tx, { kind: EXPORT_JOB, payload: job, key: `export:${id}` });
          return { action: 'wait', message: EXPORT_IN_PROGRESS.body, export_id: id };
        }
        await writeExport(tx, config, id, entry.exporter, params);
        const file = await exportFile(tx, config, id);
        if (!file) throw new Error(`Export ${id} was written but its file is not in the storage`);
        return { action: 'download', message: await exportLink(config, becomeSecret, file), export_id: id };
      });
    });
  }

  serve(app, exportsApi.getNotificationsExportId, async (request) => {
    const id = Number(request.params.id);
    const file = await ownExportFile(db, config, callerOf(request).userId, id);
    // No such export of the caller's (its record gone with the file, or another's id): 404 as
    // ever, with the spec's words for a file that is no more, which is all the user can act on.
    if (file === undefined) throw notFound(FILE_EXPIRED);
    return { export_file_url: file ? await exportLink(config, becomeSecret, file) : null };
  });

  /** The onboarding tool's identify call, modelled here: recorded in the log, nothing else. */
  serve(app, exportsApi.postOnboardingIdentify, async (request, reply) => {
    const caller = callerOf(request);
    request.log.info({ user: caller.userId, email: caller.email }, 'onboarding identify');
    reply.code(202);
    return { message: 'Identified' };
  });
};

export const exportDownloadRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(
    app,
    exportsApi.getExportsIdDownload,
    async (request, reply) => {
      const file = await exportFile(app.db, app.config, Number(request.params.id));
      const bytes = file && (await exportStream(app.config, file));
      if (!file || !bytes) throw notFound(FILE_EXPIRED);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${file.name}"`);
      return reply.send(bytes);
    },
    {
      config: {
        signedUrl: (secret, request) => {
          const { id } = request.params as { id?: string };
          const { expires, sig } = request.query as { expires?: unknown; sig?: unknown };
          return (
            typeof expires === 'string' &&
            typeof sig === 'string' &&
            verifyExportUrl(secret, Number(id), expires, sig)
          );
        },
      },
    },
  );
};
