/**
 * One zone on the leads screen (issue 51 item 6): owner@demo.test's business is in Austin, so every
 * lead time on the list, in the drawer and in the review window's closing line is Central and says
 * so (CST or CDT, from Intl), at 1280 and at 390 px; never Eastern, never unlabelled.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import { openLeads } from './leads-helpers';
import { screenshot, stillAnimations } from './screens';

const CENTRAL_TIME = /\d{1,2}:\d\d [AP]M C[SD]T/;

describe('lead times in the account zone', () => {
  const e2e = useE2e();

  for (const width of [1280, 390]) {
    it(`labels lead times with the account's zone on the list and in the drawer at ${width} px`, async () => {
      // A lead of today, so the list's first range (month to date) has one on either width.
      await e2e.newLead('owner@demo.test', { lead_type: 'Form' });
      const owner = await e2e.api('owner@demo.test');
      const seeded = (await (
        await owner.call('POST', '/leads', { start_date: '2026-11-01', end_date: '2026-11-20', per_page: 1 })
      ).json()) as { leads: { lead_id: number }[] };
      const { context, page } = await e2e.newPage(width, width === 390 ? 844 : 800);
      await openLeads(e2e, page, 'owner@demo.test');
      const row = page.locator('.data-table__row').first();
      await row.waitFor();
      await expect.poll(async () => (await row.textContent()) ?? '').toMatch(CENTRAL_TIME);
      await stillAnimations(page.locator('body'));
      await screenshot(page, `leads-zone-list-${width}`);
      // The time is whole, its zone too: no cell of the Date column is cut off.
      const cut = await page
        .locator('.data-table__row td:nth-child(2)')
        .evaluateAll(
          (cells) =>
            cells.filter((cell) =>
              [cell, ...cell.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1),
            ).length,
        );
      expect(cut).toBe(0);
      await expectAccessible(page, `leads zone ${width}`);

      // A seeded lead, weeks old, from its link.
      await page.goto(e2e.url(`/dashboard/leads?id=${seeded.leads[0].lead_id}`));
      const drawer = page.getByRole('dialog', { name: /^Lead / });
      await drawer.getByText('Created').first().waitFor();
      await expect.poll(async () => (await drawer.textContent()) ?? '').toMatch(CENTRAL_TIME);
      // The seed's leads are weeks old: the window has closed, and says when in Central time.
      const closed = drawer.getByText(/^The review window closed on/);
      await closed.waitFor();
      expect(await closed.textContent()).toMatch(
        /^The review window closed on \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M C[SD]T\.$/,
      );
      expect(await drawer.textContent()).not.toMatch(/\d [AP]M (ET|EST|EDT)\b/);
      await stillAnimations(drawer);
      await screenshot(page, `leads-zone-drawer-${width}`);
      await expectAccessible(page, `lead drawer zone ${width}`);
      await context.close();
    });
  }
});
