/**
 * A payment method added is what the overview's payment_methods task asks for ('Add a payment
 * method', 'Update your expired card'): the organization's open payment_methods tasks are done,
 * whichever host added it (the task modal, the payment methods page, sign-up).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { now as clockNow } from '../../lib/clock';

export async function completePaymentMethodTasks(tx: Db, organizationId: number) {
  await tx
    .update(activities)
    .set({ status: 'completed', klass: 'success', viewed: true, completed_at: clockNow() })
    .where(
      and(
        eq(activities.organization_id, organizationId),
        eq(activities.key, 'payment_methods'),
        ne(activities.status, 'completed'),
      ),
    );
}
