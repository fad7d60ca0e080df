/**
 * The reactions the lower layers leave to the app, installed once by main.tsx with the offline
 * core, before anything is sent (a request made earlier waits for them: api/client-hooks.ts
 * `pendingLink`): the api client's link to the device (session headers, read cache,
 * connectivity), notices shown as toasts, what a refused session does, and each area's live
 * effects, kept next to the area (`features/<area>/*-live.ts`, `widgets/toolbar/export-live.ts`)
 * and registered here before the live channel applies its first message. api/ and sync/ raise;
 * only this module decides how the user is told.
 *
 * Idempotent: installing twice (a test after main) replaces the same handlers.
 */
import { onSessionExpired } from '@/api/session-expiry';
import { registerInvoiceLiveEffects } from '@/features/billing/invoices-live';
import { registerCampaignLiveEffects } from '@/features/campaigns/campaigns-live';
import { registerReachLiveEffects } from '@/features/performance/reach-live';
import { setNoticeHandler } from '@/lib/notices';
import { linkApiToDevice } from '@/sync/api-link';
import { showToast } from '@/ui/toast';
import { registerExportLiveEffects } from '@/widgets/toolbar/export-live';
import { endExpiredSession } from './session-expiry';

let liveEffectsRegistered = false;

export function installHandlers(): void {
  linkApiToDevice();
  setNoticeHandler((notice) => showToast(notice.kind, notice.header, notice.body));
  onSessionExpired(endExpiredSession);
  // Effects add to a list: register them once however often the handlers are installed.
  if (liveEffectsRegistered) return;
  liveEffectsRegistered = true;
  registerInvoiceLiveEffects();
  registerCampaignLiveEffects();
  registerReachLiveEffects();
  registerExportLiveEffects();
}
