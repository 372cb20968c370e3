import { AxeCheck } from '../support/axe';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER } from '@shared/integrations';
import { INTEGRATION_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { startReceiver } from '../support/webhook-receiver';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const SHOTS = '.cache/screenshots';

/**
 * Settings' integrations (issue 28): an API key is created and shown once, works, is listed with its use and revoked;
 * a webhook endpoint is added (its secret shown once), "Send test event" reaches it and its delivery shows with the
 * response code. The API reference page shows the walk-through and the reference from the OpenAPI document.
 */
describe('Settings: API keys and webhooks; the API reference', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`creates, uses and revokes a key, and sends a test event at ${viewport.width} px`, async () => {
      await mkdir(SHOTS, { recursive: true });
      const receiver = await startReceiver();
      try {
        const { page, errors } = await signedInDealer(session.browser, session.url, { name: `integrations-${viewport.width}`, viewport, page: '/dashboard/settings' });
        await page.getByRole('heading', { name: 'API keys' }).waitFor();
        await page.getByText('No API keys yet.').waitFor();
        // The forms say what to do in plain sentences, never a field's name ("name is required", "url: …").
        await page.getByRole('button', { name: 'Create key' }).click();
        const keyError = page.getByRole('alert').filter({ hasText: INTEGRATION_MESSAGES.keyNameRequired });
        await keyError.waitFor();
        await page.getByLabel('Endpoint URL').fill('dms.example.com/studio-lot');
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const urlError = page.getByRole('alert').filter({ hasText: INTEGRATION_MESSAGES.endpointUrlMalformed });
        await urlError.waitFor();
        for (const said of [await keyError.textContent(), await urlError.textContent()]) expect(said).not.toMatch(/^(name|url)\b|\burl\b/);
        await screenshot(page, { path: `test-results/settings-integrations-messages-${viewport.width}.png`, fullPage: true });
        await page.getByLabel('Key name').fill('DMS sync');
        await page.getByRole('button', { name: 'Create key' }).click();
        const secret = (await page.getByTestId('secret-once').textContent())!;
        expect(secret).toMatch(/^slk_/);
        const used = await fetch(`${session.url}/api/v1/credits/balance`, { headers: { authorization: `Bearer ${secret}` } });
        expect(used.status).toBe(200);

        await page.getByLabel('Endpoint URL').fill(receiver.url);
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        await page.getByText("The endpoint's signing secret").waitFor();
        await page.getByRole('button', { name: 'Send test event' }).click();
        await receiver.waitFor((r) => r.length === 1, 20_000);
        expect(String(receiver.received[0]!.headers[WEBHOOK_SIGNATURE_HEADER])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const log = page.getByRole('list', { name: `Deliveries to ${receiver.url}` });
        await log.getByText('delivered').waitFor({ timeout: 20_000 });
        await log.getByText('#1: 200').waitFor();
        await page.reload();
        await page.getByText(/Last used .* · 1 call$/).waitFor();
        await screenshot(page, { path: `${SHOTS}/settings-integrations-${viewport.width}.png`, fullPage: true });

        await page.getByRole('button', { name: 'Revoke' }).click();
        await page.getByRole('dialog', { name: 'Revoke "DMS sync"?' }).getByRole('button', { name: 'Revoke key' }).click();
        await page.getByText(/^Revoked /).waitFor();
        expect((await fetch(`${session.url}/api/v1/credits/balance`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
        expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      } finally {
        await receiver.close();
      }
    }, 120_000);

    it(`the API reference shows the walk-through and every public route at ${viewport.width} px`, async () => {
      // A context of its own: axe needs one, and the clipboard permission stays in it.
      const context = await session.browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      try {
        await page.goto(`${session.url}/docs/api`);
        await page.getByRole('heading', { name: 'Studio Lot API', level: 1 }).waitFor();
        await page.getByRole('heading', { name: '2. Create the car package with your stock number or VIN' }).waitFor();
        for (const path of ['/api/v1/car-packages', '/api/v1/car-packages/{id}/start', '/api/v1/credits/balance']) await page.getByText(path, { exact: true }).first().waitFor();
        // The walk-through's commands scroll sideways on a phone: each takes the keyboard focus, and Copy copies it.
        const step = '2. Create the car package with your stock number or VIN';
        const command = page.getByLabel(`${step}: command`, { exact: true });
        await command.focus();
        expect(await command.evaluate((el) => el === document.activeElement)).toBe(true);
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.url });
        await page.getByRole('button', { name: `Copy: ${step}` }).click();
        await page.getByText('Copied').waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await command.textContent());
        // The long commands scroll inside their blocks, never the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        const axe = await new AxeCheck(page).analyze();
        expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        await screenshot(page, { path: `${SHOTS}/api-docs-${viewport.width}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
