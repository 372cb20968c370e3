import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

useLocalHost();
const session = useBrowserSession();
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');

/**
 * The Operations tab as a super user sees it: the figures of the last 24 hours, from the shared host's table (other
 * test files add packages meanwhile, so counts are not asserted here: tests/integration/operations-figures.test.ts
 * does, on a table of its own). A package stored as the package store writes it, with a failed angle whose reason is
 * unique to this test, must show up in the failed angles by reason.
 */
describe('admin area: Operations', () => {
  it('a super user opens Operations and sees packages by status, wall time, refunds and the failed angles by reason', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'ops-tab', dealerName: 'Lot Ops' });
    await promoteToSuperUser(new DynamoDbAccountStore(), email);
    const id = `01OPS${randomUUID().replace(/-/g, '').slice(0, 21).toUpperCase()}`;
    const reason = `Scripted reason ${randomUUID().slice(0, 8)}: the light was wrong.`;
    const started = new Date(Date.now() - 90_000).toISOString();
    const finished = new Date(Date.now() - 30_000).toISOString();
    const put = (Item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: tableName(), Item }));
    await put({ ...keys.carPackage(id), ...keys.carPackageDayIndex(started, id), entity: 'car_package', id, user_id: 'ops-seeded', status: 'partial_complete', created_at: started, updated_at: finished, finished_at: finished, failed_angles: 1, completed_angles: 7, total_angles: 8 });
    await put({ ...keys.carPackageImage(id, 'rear'), entity: 'car_package_image', id: `${id}-rear`, session_id: id, angle: 'rear', angle_status: 'failed', status: 'error', error_message: reason });

    // This hour's new car checks, as the check budget counts them (seeded: the count of the whole host is shared).
    const hour = Date.now() - (Date.now() % 3_600_000);
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: keys.visionLooksHour(hour), UpdateExpression: 'ADD #c :n', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':n': 7 } }));
    await page.goto(`${session.url}/dashboard/admin?tab=operations`);
    await page.getByRole('heading', { name: 'Car packages, last 24 hours' }).waitFor();
    const api = (await page.evaluate(async () => {
      const token = Object.entries(localStorage).find(([k]) => k.endsWith('.accessToken'))?.[1];
      return (await fetch('/api/admin/operations', { headers: { authorization: `Bearer ${token}` } })).json();
    })) as { packages: { started: number } };
    expect(api.packages.started).toBeGreaterThanOrEqual(1);
    const statuses = page.getByRole('region', { name: 'Packages by status' });
    for (const label of ['Pending', 'Processing', 'Completed', 'Partly complete', 'Failed (refunded)']) await statuses.getByRole('cell', { name: label, exact: true }).waitFor();
    for (const label of ['Packages started', 'Wall time p50', 'Wall time p95', 'Refunded']) await page.getByText(label, { exact: true }).waitFor();
    const failed = page.getByRole('region', { name: 'Failed angles by reason' }).getByRole('row', { name: new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await failed.waitFor();
    expect(await failed.getByRole('cell').last().textContent()).toBe('1');
    const perHour = page.getByRole('region', { name: 'New car checks per hour' });
    await perHour.getByRole('row').nth(1).waitFor();
    const counts = await perHour.locator('tbody tr td:last-child').allTextContents();
    expect(Math.max(...counts.map(Number))).toBeGreaterThanOrEqual(7);
    for (const label of ['New photos checked', 'Most in an hour']) await page.getByText(label, { exact: true }).waitFor();
    await screenshot(page, { path: 'test-results/admin-operations-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, { path: 'test-results/admin-operations-375.png', fullPage: true });
  }, 90_000);
});
