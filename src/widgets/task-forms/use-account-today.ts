/**
 * "Today" for a task form's dates (a licence's or a certificate's expiration): the calendar day in
 * the account's time zone (the user settings' time_zone, see widgets/toolbar/use-account-zone.ts),
 * as YYYY-MM-DD. Never the UTC day: at 8 PM in Chicago UTC is already tomorrow, and a licence
 * expiring today would be refused as past. Until the settings are known it is the browser's day.
 */
import { todayIn } from '../../lib/date-range';
import { useAccountZone } from '../toolbar/use-account-zone';

export function useAccountToday(): string {
  const { zone } = useAccountZone();
  return todayIn(zone);
}
