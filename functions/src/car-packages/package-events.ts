import { angleState, type StoredImage, type StoredPackage } from './car-package';
import type { Notify } from './ports';

/** What the dealer's open browsers are told when a package or one of its angles changes (best effort). */
export function packageChanged(notify: Notify, pkg: StoredPackage): Promise<void> {
  return notify(pkg.user_id, {
    type: 'package.updated',
    package_id: pkg.id,
    status: pkg.status,
    total_angles: pkg.total_angles,
    completed_angles: pkg.completed_angles,
    failed_angles: pkg.failed_angles,
    status_message: pkg.status_message,
    credit_refunded: pkg.credit_refunded_at !== undefined,
    has_video: pkg.video !== undefined,
    updated_at: pkg.updated_at,
  });
}

export function angleChanged(notify: Notify, image: StoredImage): Promise<void> {
  return notify(image.user_id, {
    type: 'angle.updated',
    package_id: image.session_id,
    ...angleState(image),
    updated_at: image.updated_at,
  });
}
