/**
 * The check of each rendered angle, in the dealer's words: `ok` ("Looks good"), `review` (the image is delivered; the
 * card says what to look at) or `retake` (the image is not delivered as finished: a better photo is needed, and the
 * angle counts as failed for the refund rules). functions/src/renderer/checks/car-checks.ts measures.
 */
import { z } from 'zod';

export const CHECK_VERDICTS = ['ok', 'review', 'retake'] as const;
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];

export const CAR_CHECK_REASONS = {
  carSmall: { verdict: 'retake', text: 'Retake suggested: the car is small in this photo, so the studio image would be enlarged more than twice and look soft. Take it closer, filling most of the frame.' },
  closeUp: { verdict: 'retake', text: "Retake suggested: the car is cut off by the photo's edge (part of it is outside the picture). Step back so the whole car is in the photo." },
  personInFront: { verdict: 'retake', text: 'Retake suggested: a person is standing in front of the car. Take the photo again with nobody between the camera and the car.' },
  touchesEdge: { verdict: 'review', text: 'Please check: the car touches the edge of the photo, so a part of it may be missing.' },
  somethingOnRoof: { verdict: 'review', text: 'Please check: part of another car or an object may be on the roof.' },
  somethingBeside: { verdict: 'review', text: 'Please check: part of another car or an object may be kept beside the car.' },
  backgroundOnRoof: { verdict: 'review', text: 'Please check: part of the background may be left on the roof.' },
  otherPaint: { verdict: 'review', text: 'Please check: part of another car may be kept with the car (a patch of another colour).' },
  mirrorMissing: { verdict: 'review', text: 'Please check: one side of the car reaches further than the other; a door mirror may be cut off.' },
  mirrorsMissing: { verdict: 'review', text: 'Please check: the door mirrors may be cut off.' },
  hole: { verdict: 'review', text: 'Please check: the background shows through a gap in the car.' },
  cutSquare: { verdict: 'review', text: 'Please check: a part of the car may be cut off square.' },
  wheelsCut: { verdict: 'review', text: 'Please check: the wheels may be cut off, so the car would rest on its bumper or sills.' },
  sideLost: { verdict: 'review', text: 'Please check: the photo shows more of the car at its side or end than the image keeps; a part of it may be missing.' },
  somethingInFront: { verdict: 'retake', text: 'Retake suggested: something stands in front of the car (a branch, a fence, a post). Take the photo with a clear view of the car.' },
  tyreLost: { verdict: 'review', text: 'Please check: a tyre on one side may be cut off, so that side of the car would rest on its bumper or step.' },
  groundKept: { verdict: 'review', text: "Please check: a slab of the ground or of the car's shadow may be kept under the car." },
} as const satisfies Record<string, { verdict: Exclude<CheckVerdict, 'ok'>; text: string }>;
export type CarCheckReason = keyof typeof CAR_CHECK_REASONS;

export const CHECK_LOOKS_GOOD = 'Looks good: the car checked whole and alone in this image.';

export interface CarCheck {
  verdict: CheckVerdict;
  /** What to look at, worst first; empty when the verdict is ok. */
  reasons: string[];
}

export const carCheckSchema = z.object({ verdict: z.enum(CHECK_VERDICTS), reasons: z.array(z.string()) });

/** The worst verdict of the reasons found. */
export function verdictOf(reasons: readonly CarCheckReason[]): CheckVerdict {
  if (reasons.some((r) => CAR_CHECK_REASONS[r].verdict === 'retake')) return 'retake';
  return reasons.length ? 'review' : 'ok';
}

/** What the card says of the check: the reasons, or that it looks good. */
export function checkWords(check: CarCheck): string[] {
  return check.verdict === 'ok' ? [CHECK_LOOKS_GOOD] : check.reasons;
}
