/**
 * A demo lead arriving live, in a real browser: it appears at the top of /dashboard/leads without
 * a reload, and its drawer is about that lead (the summary and email name the person in the row),
 * never another lead's content. The lead is made by the dev endpoint, which creates it like the
 * simulator does (createLead with generated content); test/server/demo-simulator.test.ts covers
 * the simulator's ticks and every field of the content.
 */
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { openLeads, rowNames } from './leads-helpers';

describe('demo leads arriving live', () => {
  const e2e = useE2e();

  it.each(['Call', 'Form'] as const)(
    'shows a live %s lead whose drawer names that lead',
    async (lead_type) => {
      const { context, page } = await e2e.newPage();
      await openLeads(e2e, page, 'owner@demo.test');
      await page.locator('.data-table__row').first().waitFor();
      const created = await e2e.newLead('owner@demo.test', { lead_type });
      const owner = await e2e.api('owner@demo.test');
      const { lead } = (await (await owner.call('GET', `/leads/${created.id}`)).json()) as {
        lead: { name: string; email: string };
      };
      await expect.poll(async () => (await rowNames(page))[0], { timeout: 15_000 }).toBe(lead.name);

      await page.locator('.leads-table__open').first().click();
      const drawer = page.getByRole('dialog', { name: `Lead ${lead.name}` });
      const summary = drawer.locator('.lead-summary');
      await summary.waitFor();
      expect(await summary.textContent()).toContain(lead.name);
      const [first, last] = lead.name.toLowerCase().split(' ');
      expect(lead.email.toLowerCase()).toContain(first);
      expect(lead.email.toLowerCase()).toContain(last);
      await drawer.getByText(lead.email).waitFor();
      await context.close();
    },
  );
});
