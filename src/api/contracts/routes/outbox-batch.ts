/**
 * The endpoint server/routes/outbox-batch.ts serves, with its contracts (its path is also
 * OUTBOX_BATCH_PATH, which the outbox sender posts to).
 */
import { BatchBody, BatchResponse } from '../batch';
import { endpoint } from '../declarations';

export const outboxBatchApi = {
  postOutboxBatch: endpoint('POST /outbox/batch', { body: BatchBody, response: BatchResponse }),
};
