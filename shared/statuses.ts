/** Car package (session) status. */
export const SESSION_STATUSES = ['pending', 'processing', 'partial_complete', 'completed', 'error'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Status of one angle of a car package. */
export const ANGLE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type AngleStatus = (typeof ANGLE_STATUSES)[number];

/** Status of one rendered image as shown in My Images ("success" is what is listed). */
export const IMAGE_STATUSES = ['pending', 'processing', 'success', 'error'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

/** Client-side status of one file in the batch processor, with its progress percentage. */
export const BATCH_FILE_STATUSES = ['pending', 'uploading', 'uploaded', 'processing', 'error'] as const;
export type BatchFileStatus = (typeof BATCH_FILE_STATUSES)[number];
export const BATCH_FILE_PROGRESS: Record<Exclude<BatchFileStatus, 'error'>, number> = {
  pending: 0,
  uploading: 25,
  uploaded: 50,
  processing: 100,
};
/** Progress once the database row of a batch file exists (before the processing call). */
export const BATCH_FILE_ROW_CREATED_PROGRESS = 75;

export type BadgeColour = 'gray' | 'blue' | 'yellow' | 'green' | 'red';

export const SESSION_STATUS_BADGE: Record<SessionStatus, BadgeColour> = {
  pending: 'gray',
  processing: 'blue',
  partial_complete: 'yellow',
  completed: 'green',
  error: 'red',
};

export const ANGLE_STATUS_BADGE: Record<AngleStatus, BadgeColour> = {
  pending: 'gray',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
};

/** Badge colour of a session status; an unknown status gets the default (pending) look. */
export function sessionStatusBadge(status: string): BadgeColour {
  return (SESSION_STATUS_BADGE as Record<string, BadgeColour>)[status] ?? 'gray';
}

/** Status text rule: underscores become spaces and the first letter is capitalised. */
export function statusText(status: string): string {
  const spaced = status.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** user_type only changes the badge colour: blue for trial, green for subscriber, grey otherwise. */
export const USER_TYPES = ['trial', 'subscriber'] as const;
export type UserType = (typeof USER_TYPES)[number];
export function userTypeBadge(userType: string | null | undefined): BadgeColour {
  return userType === 'trial' ? 'blue' : userType === 'subscriber' ? 'green' : 'gray';
}

export const ROLES = ['standard', 'super'] as const;
export type Role = (typeof ROLES)[number];
