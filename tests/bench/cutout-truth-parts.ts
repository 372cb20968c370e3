/**
 * Part labels for the truth bench's 12 turntable frames (tests/bench/cutout-truth.ts: frames 0000, 0006, ... 0066 of
 * the Renault Kadjar, 640x480): a box round each door mirror the view shows and round each wheel on the side turned to
 * the camera. Our own annotation (2026-11-30, issue 37 item 2): each frame drawn over a plain blue backdrop with a
 * labelled 10 px grid, enlarged 2-3x for the wheels and 4-6x for the mirrors, and read by eye; boxes are in the frame's
 * own pixels, `[left, top, right, bottom]`, both ends inclusive, good to about 2 px. The numbers only; the frames are
 * local (no licence) and never committed.
 *
 * Mirrors: the box holds the mirror's housing (and glass) tight, with its foot where it meets the door. `far`: the
 * mirror on the side turned away, seen only as its housing standing out beside the A-pillar or the windscreen (0006,
 * 0066). Not labelled: a mirror hidden by the car itself (the far mirror of the side and most corner views; 0048, a rear
 * corner from the left, where the near mirror stays hidden behind the A-pillar and the door's top: no housing stands
 * out of the body or the silhouette). Checked by drawing every box over its frame and looking (a head-on or rear
 * view's mirrors and the far ones stand out of the silhouette: their boxes end where the alpha does);
 * tests/cutout/truth-parts.test.ts checks how the bench carries a box into its composite.
 *
 * Wheels: the tyre's outer outline as the view shows it (an ellipse on a side or corner view, the tread's block on a
 * head-on or rear view), the part hidden by the wheel arch included; only the two wheels of the side turned to the
 * camera (both front tyres head-on, both rear tyres from behind); the far wheels' slivers seen under the body are not
 * labelled.
 */
export type PartBox = readonly [left: number, top: number, right: number, bottom: number];

export interface FrameParts {
  mirrors: ReadonlyArray<{ box: PartBox; far?: boolean }>;
  wheels: readonly PartBox[];
}

export const FRAME_PARTS: Readonly<Record<string, FrameParts>> = {
  // Head-on.
  '0000.png': { mirrors: [{ box: [202, 183, 227, 203] }, { box: [414, 183, 438, 203] }], wheels: [[208, 303, 238, 333], [402, 303, 428, 333]] },
  // Front corner, the car facing left.
  '0006.png': { mirrors: [{ box: [362, 179, 395, 201] }, { box: [189, 185, 207, 198], far: true }], wheels: [[292, 240, 354, 329], [440, 246, 489, 320]] },
  // Side views.
  '0012.png': { mirrors: [{ box: [293, 178, 326, 200] }], wheels: [[198, 241, 266, 326], [460, 245, 529, 321]] },
  '0018.png': { mirrors: [{ box: [231, 178, 255, 199] }], wheels: [[122, 227, 213, 321], [425, 227, 515, 321]] },
  '0024.png': { mirrors: [{ box: [198, 186, 214, 202] }], wheels: [[115, 240, 180, 317], [367, 245, 445, 325]] },
  // Rear corner, then from behind.
  '0030.png': { mirrors: [{ box: [187, 180, 209, 201] }], wheels: [[159, 237, 202, 306], [281, 258, 329, 341]] },
  '0036.png': { mirrors: [{ box: [213, 174, 238, 193] }, { box: [409, 174, 433, 193] }], wheels: [[202, 310, 232, 342], [395, 310, 420, 342]] },
  '0042.png': { mirrors: [{ box: [432, 178, 449, 198] }], wheels: [[287, 271, 350, 354], [442, 217, 490, 296]] },
  '0048.png': { mirrors: [], wheels: [[185, 265, 260, 350], [455, 237, 520, 315]] },
  // Side, then front corner, the car facing right.
  '0054.png': { mirrors: [{ box: [372, 195, 400, 216] }], wheels: [[125, 250, 205, 330], [427, 250, 513, 330]] },
  '0060.png': { mirrors: [{ box: [302, 196, 334, 215] }], wheels: [[118, 235, 186, 313], [358, 265, 441, 348]] },
  '0066.png': { mirrors: [{ box: [236, 188, 269, 206] }, { box: [433, 182, 451, 197], far: true }], wheels: [[164, 239, 200, 306], [275, 260, 317, 341]] },
};
