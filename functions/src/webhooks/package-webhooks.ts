/**
 * Webhook events from the car package's own live events: wherever a package or an angle change is pushed to the
 * dealer's browsers (the start, the workflow's tasks, the sweeper, retries; in both homes), a finished package
 * becomes package.completed or package.failed and a completed angle angle.completed, queued for the dealer's endpoints.
 */
import type { LiveEvent } from '@shared/live-events';
import type { Notify, PackageStore } from '../car-packages/ports';
import { logger } from '../lib/logger';
import { emitEvent, type WebhookDeps } from './webhooks';

export function withPackageWebhooks(notify: Notify, deps: { store: Pick<PackageStore, 'get'>; webhooks: () => WebhookDeps }): Notify {
  let webhooks: WebhookDeps | undefined;
  return async (sub, event) => {
    await notify(sub, event);
    try {
      await emitFor(deps.store, (webhooks ??= deps.webhooks()), sub, event);
    } catch (error) {
      // The change itself is stored and the dealer can read it (GET the package); the event is best effort, as the push.
      logger.error('webhook event not queued', { type: event.type, error: error as Error });
    }
  };
}

async function emitFor(store: Pick<PackageStore, 'get'>, webhooks: WebhookDeps, sub: string, event: LiveEvent) {
  if (event.type === 'package.updated' && ['completed', 'partial_complete', 'error'].includes(event.status)) {
    const pkg = await store.get(event.package_id);
    const type = event.status === 'error' ? 'package.failed' : 'package.completed';
    // Identity: the outcome (a retried angle that completes later finishes the package again, with other counts).
    await emitEvent(webhooks, sub, type, `${event.package_id}:${event.status}:${event.completed_angles}:${event.failed_angles}`, {
      package: {
        id: event.package_id,
        external_id: pkg?.external_id ?? null,
        status: event.status,
        // The angles of the package: those its photos give (completed: every one made; "2 of 2", never "2 of 8").
        total_angles: event.total_angles,
        completed_angles: event.completed_angles,
        failed_angles: event.failed_angles,
        status_message: event.status_message,
        credit_refunded: event.credit_refunded,
      },
    });
  } else if (event.type === 'angle.updated' && event.angle_status === 'completed') {
    const pkg = await store.get(event.package_id);
    await emitEvent(webhooks, sub, 'angle.completed', `${event.package_id}:${event.angle}:${event.retry_count}`, {
      package_id: event.package_id,
      external_id: pkg?.external_id ?? null,
      angle: event.angle,
    });
  }
}
