/**
 * The client's error reports, stored for whoever watches them. Password fields are masked here
 * again whatever the client did, and every field is cut to its column's size.
 */
import type { Infer } from 'superstruct';
import type { ErrorReportBody } from '../../../src/api/contracts/session';
import type { Db } from '../../db/client';
import { errorReports } from '../../db/schema/identity';

const PASSWORD_FIELD =
  /("(?:password|current_password|confirmed_password|confirm_password)"\s*:\s*)"(?:[^"\\]|\\.)*"/g;

export const maskPasswords = (text: string) => text.replace(PASSWORD_FIELD, '$1"********"');

export async function saveErrorReport(db: Db, userId: number | null, report: Infer<typeof ErrorReportBody>) {
  await db.insert(errorReports).values({
    user_id: userId,
    message: report.message.slice(0, 2000),
    status: report.status ?? null,
    url: report.url?.slice(0, 500),
    method: report.method?.slice(0, 10),
    body: report.body ? maskPasswords(report.body).slice(0, 5000) : null,
  });
}
