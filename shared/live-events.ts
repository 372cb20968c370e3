import type { Angle } from './angles';
import type { AngleStatus, SessionStatus } from './statuses';

/** Events pushed to a signed-in browser over the live status WebSocket. */
export type LiveEvent =
  | { type: 'balance.updated' }
  /** A car package changed (status, counters); the browser refetches what it shows of it. */
  | {
      type: 'package.updated';
      package_id: string;
      status: SessionStatus;
      /** The angles of the package: fewer once the workflow found that its photos do not give some (they are dropped). */
      total_angles: number;
      completed_angles: number;
      failed_angles: number;
      status_message: string | null;
      /** Its credit was refunded: no free retries, "Start again" instead. */
      credit_refunded: boolean;
      /** Its walk-around video is made (issue 29): the browser fetches the package's detail for the video's link. */
      has_video: boolean;
      updated_at: string;
    }
  /** One angle of a car package changed. */
  | {
      type: 'angle.updated';
      package_id: string;
      angle: Angle;
      angle_status: AngleStatus;
      retry_count: number;
      error_message: string | null;
      retryable: boolean;
      free_retries_left: number;
      updated_at: string;
    }
  /** A batch changed (status, counters). */
  | { type: 'batch.updated'; batch_id: string; status: SessionStatus; completed_photos: number; failed_photos: number; updated_at: string }
  /** One photo of a batch changed (processing, completed, failed with its message and refund). */
  | {
      type: 'batch.photo.updated';
      batch_id: string;
      index: number;
      status: 'pending' | 'processing' | 'completed' | 'failed';
      error_message: string | null;
      refunded: boolean;
      updated_at: string;
    }
  | { type: 'pong' }
  | { type: 'error'; message: string };
