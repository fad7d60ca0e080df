/**
 * What a customer owes and how to settle it, in a real browser (issue 51, items 1, 2 and 9):
 * "You owe" split into can pay now and needs your payment method; a Failed invoice's "What to do"
 * (the charge that failed, on which card, why; update the method or the account manager); the
 * narrow cards' amount still owed; updating the expired card charges the Failed invoices again.
 * A declined card said beside the card until something changes, with focus there; on a phone no
 * toast covers a dialog's buttons (the declined card's, the receipt's Done) or Sign in. "Assigned
 * to N accounts"; the packout ad waits for the storage notice; the manager's e-mail breaks at its
 * '@' and dots only. Screenshots at 1280 and 390 px (each an axe sweep).
 */
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, useE2e } from './fixture';
import { field, screenshot, shots, visible } from './screens';

const DIRS = 'directories@demo.test';

async function bill(e2e: E2e): Promise<{ id: number; name: string }> {
  const res = await fetch(e2e.url('/api/v1/dev/invoices'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DIRS }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).invoice;
}

async function hostedFields(page: Page): Promise<FrameLocator> {
  await page.locator('iframe[title="Secure card fields"]').waitFor({ timeout: 10_000 });
  return page.frameLocator('iframe[title="Secure card fields"]');
}

/** Fills the shared payment form with a card and submits it. */
async function addCard(page: Page, number: string, submit = 'Add Payment Method') {
  await field(page, 'First name').fill('Dana');
  await field(page, 'Last name').fill('Reyes');
  await field(page, 'Email').fill('dana@example.com');
  const card = await hostedFields(page);
  await field(card, 'Card number').fill(number);
  await field(card, 'Expiry \\(MM/YY\\)').fill('12/39');
  await field(card, 'Security code').fill('123');
  await field(card, 'ZIP code').fill('37212');
  const button = page.getByRole('button', { name: submit });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

/**
 * The buttons (and button-like links) a visible toast overlaps: in the open dialog when there is
 * one, else on the page. Empty when no toast covers any.
 */
const coveredButtons = (page: Page) =>
  page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('dialog[open]')];
    const scope = dialogs.at(-1) ?? document.body;
    const toasts = [...document.querySelectorAll('.Toastify__toast')].map((t) => t.getBoundingClientRect());
    const hits: string[] = [];
    for (const button of scope.querySelectorAll('button, a.button')) {
      if (button.closest('.Toastify__toast')) continue;
      const b = button.getBoundingClientRect();
      if (!b.width || !b.height) continue;
      for (const t of toasts)
        if (t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom)
          hits.push(button.textContent?.trim() || button.getAttribute('aria-label') || '?');
    }
    return { toasts: toasts.length, hits };
  });

/** Waits for a toast on screen, then checks it covers no button there. */
async function toastCoversNothing(page: Page) {
  await expect.poll(async () => (await coveredButtons(page)).toasts, { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await coveredButtons(page)).hits).toEqual([]);
}

describe('what is owed and how to settle it', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('splits what is owed, says what a Failed invoice needs, and charges it again once the card is updated', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signedIn(page, DIRS);
    await page.goto(e2e.url('/dashboard/billing/invoices'));
    const owed = page.locator('.invoices-owed');
    await owed.getByText(/^You owe \$[\d,]+\.\d{2} across \d+ invoices: /).waitFor();
    const line = (await owed.textContent()) ?? '';
    expect(line).toMatch(
      /: \$[\d,]+\.\d{2} can be paid now; \$[\d,]+\.\d{2} needs your payment method \(a charge failed: update it\)/,
    );
    const failedPart = owed.locator('.invoices-owed__failed');
    expect(await failedPart.getByRole('link', { name: 'update it (the payment method)' }).isVisible()).toBe(
      true,
    );
    await shots(page, 'billing-owed-split');

    await owed.getByRole('button', { name: 'View unpaid invoices' }).click();
    const failedRow = page.locator('.data-table__row', { hasText: 'Failed' }).first();
    await failedRow.waitFor();
    const name = (await failedRow.locator('td').nth(1).textContent()) ?? '';
    await page.getByRole('button', { name: `What to do: payment failed, ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `${name}: payment failed` });
    await dialog.waitFor();
    // What happened (which card, why) and what to do (update it, or the account manager).
    const what = (await dialog.locator('.failed-charge__what').textContent()) ?? '';
    expect(what).toMatch(
      /^The (automatic charge|payment) to DISCOVER \*\*\*\* 1117 failed on .+: Card expired/,
    );
    expect(await dialog.getByText(/The invoice is charged again as soon as you save\./).isVisible()).toBe(
      true,
    );
    expect(await dialog.getByText(/Or contact your account manager/).isVisible()).toBe(true);
    await shots(page, 'billing-owed-failed-dialog');
    await dialog.locator('.modal__footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // On a phone, the card says what is still owed and which charge failed.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.locator('.invoice-card', { hasText: name });
    await card
      .locator('.invoice-card__owed')
      .getByText(/still owed$/)
      .waitFor();
    expect(await card.locator('.invoice-card__failed').textContent()).toMatch(
      /DISCOVER \*\*\*\* 1117 failed\.$/,
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    // Updating the expired card charges the Failed invoices again: they turn Paid.
    await page.goto(e2e.url('/dashboard/billing/payment-methods'));
    await page.getByRole('button', { name: 'This card is expired - click here to update' }).click();
    await page.getByRole('dialog', { name: 'Edit Card' }).waitFor();
    await addCard(page, '6011111111111117', 'Save Payment Method');
    await visible(page, 'Payment method has been edited successfully.').toBe(true);
    await page
      .getByText(/failed invoices? (is|are) being charged again with it/)
      .first()
      .waitFor();
    await page.goto(e2e.url('/dashboard/billing/invoices'));
    await page.getByRole('button', { name: 'View unpaid invoices' }).click();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.invoices-owed').first().waitFor();
          return page.locator('.invoices-owed__failed').count();
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    await context.close();
  });

  it('keeps a declined card said beside the card, with focus, until the card changes; no toast covers the buttons', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await e2e.signedIn(page, DIRS);
    await page.goto(e2e.url('/dashboard/billing/payment-methods'));
    await page.getByRole('button', { name: 'Add New Payment Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Payment Method' });
    await addCard(page, '4000000000000002');
    const refused = dialog.locator('.payment-form__refused');
    await refused.getByText('Your card was declined.').waitFor();
    expect(await refused.getAttribute('role')).toBe('alert');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('payment-form__refused')))
      .toBe(true);
    await toastCoversNothing(page);
    await refused.scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-declined-inline-toast-390');
    await shots(page, 'billing-declined-inline');
    // The toast goes (the pointer off it: a hovered toast waits); the reason stays until the
    // customer changes something.
    await page.mouse.move(1, 1);
    await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000 }).toBe(0);
    expect(await refused.isVisible()).toBe(true);
    const fields = await hostedFields(page);
    await field(fields, 'Card number').fill('4111111111111111');
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  });

  it('on a phone, the payment toast leaves the receipt’s Done uncovered, and the sign-in error leaves Sign in', async () => {
    const invoice = await bill(e2e);
    const { context, page } = await e2e.newPage(390, 844);
    await e2e.signedIn(page, DIRS);
    await page.goto(e2e.url('/dashboard/billing/invoices'));
    await page.getByRole('button', { name: 'View unpaid invoices' }).click();
    await page.getByRole('button', { name: `Pay Now ${invoice.name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Invoice Details' });
    await modal.getByRole('button', { name: 'Choose Payment Method' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Payment Method' });
    await picker.getByRole('button', { name: /VISA \*\*\*\* 1111/ }).click();
    await modal.getByRole('button', { name: /^Pay \$/ }).click();
    await modal
      .locator('.pay-outcome')
      .getByText('Invoice payment request sent successfully.')
      .waitFor({ timeout: 20_000 });
    await toastCoversNothing(page);
    await screenshot(page, 'billing-receipt-toast-now-390');
    expect(await modal.getByRole('button', { name: 'Done' }).isVisible()).toBe(true);
    await shots(page, 'billing-receipt-toast');
    await modal.getByRole('button', { name: 'Done' }).click();

    const fresh = await e2e.newPage(390, 844);
    await e2e.signIn(fresh.page, DIRS, 'not-the-password');
    await toastCoversNothing(fresh.page);
    await screenshot(fresh.page, 'billing-login-toast-now-390');
    await shots(fresh.page, 'billing-login-toast');
    await fresh.context.close();
    await context.close();
  });

  it('keeps focus where the work is through the chooser, paying and the receipt (keyboard)', async () => {
    const invoice = await bill(e2e);
    const { context, page } = await e2e.newPage();
    await e2e.signedIn(page, DIRS);
    // Month to date (the invoice was billed now): a paid row stays listed, unlike the unpaid list.
    await page.goto(e2e.url('/dashboard/billing/invoices'));
    const active = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el && el !== document.body ? el.getAttribute('aria-label') || el.textContent?.trim() : 'body';
      });
    const payNow = page.getByRole('button', { name: `Pay Now ${invoice.name}` });
    await payNow.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Invoice Details' });
    const choose = modal.getByRole('button', { name: 'Choose Payment Method' });
    await choose.focus();
    await page.keyboard.press('Enter');
    const option = page.getByRole('button', { name: /VISA \*\*\*\* 1111/ });
    await option.focus();
    await page.keyboard.press('Enter');
    // Back on the details, focus is on the button that opened the chooser.
    await expect.poll(active).toBe('Choose Payment Method');
    // Then Add New Card, Cancel and Pay.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    await expect.poll(active).toMatch(/^Pay \$/);
    await page.keyboard.press('Enter');
    const done = modal.getByRole('button', { name: 'Done' });
    await done.waitFor({ timeout: 20_000 });
    await done.focus();
    await page.keyboard.press('Enter');
    // Pay Now was replaced by Paid: focus goes to the row's new control, not the page.
    await expect.poll(active, { timeout: 10_000 }).toBe(`Paid, view receipt ${invoice.name}`);
    await page.keyboard.press('Enter');
    const receipt = page.getByRole('dialog', { name: 'Invoice Details' });
    await receipt.getByText('Payment received').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(active).toBe(`Paid, view receipt ${invoice.name}`);
    await context.close();
  });

  it('says "Assigned to N accounts" with the plural the number needs', async () => {
    const { context, page } = await e2e.newPage();
    const { showAd } = await e2e.signedIn(page, 'franchise@demo.test');
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    await page.goto(e2e.url('/dashboard/billing/payment-methods'));
    const texts = page.getByText(/^(Assigned to \d+ accounts?|Not assigned to accounts)$/);
    await texts.first().waitFor();
    const all = await texts.allTextContents();
    for (const text of all) expect(text).toMatch(/^Assigned to 1 account$|^Assigned to \d+ accounts$|^Not/);
    expect(all.some((t) => /^Assigned to ([2-9]|\d{2,}) accounts$/.test(t))).toBe(true);
    await shots(page, 'billing-methods-plural');
    await context.close();
  });

  it('opens the packout ad only once the storage notice is closed, and breaks the manager’s e-mail at its @ and dots', async () => {
    // A device not told yet about storage (the harness marks it told for other tests).
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const { showAd } = await e2e.signedIn(page, 'franchise@demo.test');
      expect(showAd).toBe(true);
      const notice = page.getByRole('region', { name: 'Offline data on this device may be cleared' });
      await notice.waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await shots(page, 'overlay-storage-notice-first');
      await notice.getByRole('button', { name: 'Got it' }).click();
      const ad = page.getByRole('dialog');
      await ad.getByRole('button', { name: 'Not now' }).waitFor();
      expect(await notice.count()).toBe(0);
      await shots(page, 'overlay-packout-ad-after');
      await ad.getByRole('button', { name: 'Not now' }).click();

      const email = page.locator('.account-manager__email');
      await email.waitFor();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        // Where each line of the address starts: only at an '@' or a '.' (or its first letter).
        const starts = await email.evaluate((link) => {
          const text = link.textContent ?? '';
          const range = document.createRange();
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          const chars: { ch: string; top: number }[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              chars.push({ ch: node.textContent?.[i] ?? '', top: range.getBoundingClientRect().top });
            }
          return {
            text,
            starts: chars.filter((c, i) => i > 0 && c.top > chars[i - 1].top + 2).map((c) => c.ch),
          };
        });
        for (const ch of starts.starts) expect(['@', '.'], starts.text).toContain(ch);
      }
      await shots(page, 'overview-manager-email');
    } finally {
      await context.close();
    }
  });
});
