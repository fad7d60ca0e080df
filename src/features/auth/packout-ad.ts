/**
 * The packout partner's login ad (spec part 1 §2 "Packouts ad modal", §4): which ad waits to be
 * shown, and the copy of each ad type.
 *
 * - A sign-in with show_ad leaves one pending ad; the dashboard shell takes it when it opens, so
 *   the ad shows once per sign-in (a reload or another tab does not show it again).
 * - Kept in memory on purpose: nothing here is worth persisting across a reload.
 */

import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/store';

export type AdType = 'ad_0' | 'ad_1';

export type PackoutAd = {
  type: AdType;
  title: string;
  description: string;
  button_text: string;
  background_image: string;
};

export const PACKOUT_ADS: Record<AdType, PackoutAd> = {
  ad_0: {
    type: 'ad_0',
    title: 'Turn every water or fire job into a bigger one',
    description:
      'Our contents packout partner inventories, cleans and stores your customers’ belongings while you restore the home. You keep the customer; they handle the contents.',
    button_text: 'Meet our packout partner',
    background_image: '/ads/packout-ad-0.svg',
  },
  ad_1: {
    type: 'ad_1',
    title: 'Contents packout, handled for you',
    description:
      'From boxing to cleaning to secure storage, our partner crews work alongside yours on every loss. Offer a complete restoration and refer the contents work in one call.',
    button_text: 'Learn more about packouts',
    background_image: '/ads/packout-ad-1.svg',
  },
};

const pending = createStore<AdType | null>(null);

/** Called after a sign-in whose answer had show_ad set. */
export function queuePackoutAd(type: AdType | null): void {
  pending.set(type ?? 'ad_0');
}

/** Forgets the pending ad (it was shown and closed, or the user signed out). */
export function dismissPackoutAd(): void {
  pending.set(null);
}

/** The ad waiting to be shown, or null. */
export function usePendingPackoutAd(): PackoutAd | null {
  const type = useSyncExternalStore(pending.subscribe, pending.get);
  return type ? PACKOUT_ADS[type] : null;
}
