/**
 * Contracts of the dashboard shell's own calls (spec part 1 §7): the export file behind a
 * download notification, marking one or all notifications read, and identifying the user to the
 * onboarding tool. Notification itself lives in session.ts (the login area defined it first).
 */
import { type Infer, integer, nullable, number, object, optional, refine, string } from 'superstruct';
import { Notification } from './session';

/** GET /notifications/export/{id}: null when the file has expired or failed. */
export const ExportFileResponse = object({ export_file_url: nullable(string()) });
export type ExportFileResponse = Infer<typeof ExportFileResponse>;
/** Said when an export's file is gone (spec part 3 §4): by the client for a null link, by the server's download link. */
export const FILE_EXPIRED = 'File has expired, Please issue export request again.';

/** PUT /notifications/{notification_id}: the notification, now read. */
export const MarkNotificationReadResponse = object({ notification: optional(Notification) });
export type MarkNotificationReadResponse = Infer<typeof MarkNotificationReadResponse>;

/**
 * PUT /notifications/read_all: marks read every notification of the user up to `up_to` (the
 * newest id the user had seen when they asked), so one that arrives meanwhile stays unread.
 */
export const MarkAllNotificationsReadBody = object({
  up_to: refine(integer(), 'up_to', (v) => (v >= 0 && v <= 2_147_483_647) || 'Must be a notification id'),
});
export type MarkAllNotificationsReadBody = Infer<typeof MarkAllNotificationsReadBody>;
export const MarkAllNotificationsReadResponse = object({ marked: number() });
export type MarkAllNotificationsReadResponse = Infer<typeof MarkAllNotificationsReadResponse>;

/** POST /onboarding/identify: who is using the portal, for the onboarding tool. */
export const IdentifyBody = object({ user_id: number(), email: string(), name: string() });
export type IdentifyBody = Infer<typeof IdentifyBody>;

export const IdentifyResponse = object({ message: optional(string()) });
export type IdentifyResponse = Infer<typeof IdentifyResponse>;
