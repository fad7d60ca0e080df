/**
 * Interest requests: a portal user's "tell me more" (submit_mql_info) and the marketing-automation
 * form intake (the sandbox's submissions). Both land in interest_requests for the sales team; the
 * form intake has no session, so it is matched to an account by nobody here, only stored.
 */
import { randomUUID } from 'node:crypto';
import type { InterestFormBody, MqlBody } from '../../../src/api/contracts/marketing';
import type { Db } from '../../db/client';
import { interestRequests } from '../../db/schema/signup';

export async function saveMqlRequest(
  db: Db,
  caller: { userId: number; organizationId: number },
  body: MqlBody,
) {
  await db.insert(interestRequests).values({
    user_id: caller.userId,
    organization_id: caller.organizationId,
    kind: 'mql',
    product: body.product.trim(),
    package: body.package?.trim() ?? null,
    click_source: body.click_source,
    product_status: body.product_status.trim(),
  });
}

export async function saveInterestForm(db: Db, body: InterestFormBody): Promise<string> {
  const submissionId = randomUUID();
  await db.insert(interestRequests).values({
    kind: 'form',
    product: body.portal_product_selection,
    portal_intent: body.portal_intent.trim(),
    payload: { ...body, submission_id: submissionId },
  });
  return submissionId;
}
