/**
 * The scene library's manifest: which CC0 panoramas each background style draws on. The panoramas themselves are
 * data, never committed: they are read from SCENES_DIR (`npm run scenes:fetch` downloads them from Poly Haven).
 * `sha256` is of the 1k file (1024x512 Radiance .hdr) as Poly Haven serves it; other sizes are not hash-checked.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BACKGROUNDS, type Background } from '@shared/backgrounds';

export const FLOOR_KINDS = ['glossy', 'matt', 'rough'] as const;
export type FloorKind = (typeof FLOOR_KINDS)[number];

export const sceneSchema = z.object({
  /** Stable id, stored with each car package. */
  id: z.string().regex(/^[a-z0-9_-]+$/),
  /** The background style it serves ('original' never has scenes: it is the dealer's own photo). */
  style: z.enum(BACKGROUNDS).exclude(['original']),
  /** What the dealer sees named (the label says what it is, e.g. a coast rather than a sand beach). */
  label: z.string().min(3),
  /** Poly Haven's asset name: the file is `<slug>_<size>.hdr`, its page https://polyhaven.com/a/<slug>. */
  slug: z.string().regex(/^[a-z0-9_]+$/),
  sha256_1k: z.string().regex(/^[0-9a-f]{64}$/),
  licence: z.literal('CC0-1.0'),
  source: z.url(),
  /** The camera's direction (degrees, 0 = the panorama's left edge, growing to the right) for the Front angle. */
  startYaw: z.number().min(0).lt(360),
  /**
   * The directions, centred on startYaw, in which the place looks like its style (the sea of a coast, the mountains,
   * a square rather than a cycle lane, the low sun beside the camera rather than behind the car): the eight angles'
   * cameras are spread over this many degrees instead of walking the whole way round (360, the default). Chosen by
   * looking at each panorama with yaw ticks every 30 degrees, and at each style's eight angles (docs/renderer.md, "How an angle is drawn").
   */
  yawSpan: z.number().min(8).max(360).default(360),
  /** False: kept so packages that have it still render and start again, but no new package is given it. */
  offered: z.boolean().default(true),
  /** Stops added before tone mapping, so the scene reads as a normally exposed photo. */
  exposure: z.number().min(-8).max(8),
  /** Glossy floors (studio, showroom) show a faded reflection of the car. */
  floor: z.enum(FLOOR_KINDS),
  /**
   * The panorama camera's height above its ground, metres (Poly Haven shoots from about 1.5 to 2 m). Raising it
   * scales the place up around the car: a small photo studio becomes a car-sized one.
   */
  panoHeight: z.number().min(0.5).max(6).default(1.7),
  /** `soft`: large or diffuse lights (a softbox, a hall's ceiling) cast a short, soft shadow whatever their brightest point. */
  light: z.enum(['sun', 'soft']).default('sun'),
  /**
   * How high the ground's grass, gravel or loose dirt stands where the tyres rest, metres: the compositor lets that
   * much of the ground's own texture, ragged, cover the bottom of each tyre (a car on a meadow sinks into it a little).
   * 0 (the default) on hard ground: paving, a quay, cobbles, a studio or showroom floor.
   */
  groundCover: z.number().min(0).max(0.08).default(0),
  /**
   * Where the car stands, from where the panorama was shot: its direction (panorama degrees) and distance (metres). For a
   * panorama shot close to an edge (the waterfront's quay over the sea), so that no angle puts a tyre on the edge or the
   * car over the water. Absent: the car stands where the panorama's camera stood.
   */
  carSpot: z.object({ yaw: z.number().min(0).lt(360), metres: z.number().min(0).max(10) }).optional(),
  /**
   * A photographer's grade for a scene whose sky is far brighter than its ground (a sunset shot into the sun): the
   * backdrop only, never the car or the light measured for it. `sky`: stops added above the horizon, fading in from
   * `from` degrees below it (a graduated filter: the sky and the sea near the sun keep their colour instead of burning
   * to cream, the promenade keeps the scene's exposure), and `top` stops more 35 degrees up (the sky deeper overhead); `saturation`: the colour of that graded part, as a gain on its
   * chroma; `warmth`: its red raised and its blue lowered by that share (the evening's white balance: the sea takes the sun's colour); `sunGlow`: the sun drawn as a camera sees it, a bright disc and a warm glow around it, in stops of the sky
   * beside it (the 1k panorama holds the sun in one pixel, which the lens's blur spreads into a faint smudge). With a
   * grade the tone map works on each pixel's luminance and keeps its hue (the per-channel curve greys bright colours).
   */
  grade: z
    .object({
      sky: z.number().min(-4).max(0),
      top: z.number().min(-3).max(0).default(0),
      from: z.number().min(-45).max(0),
      saturation: z.number().min(0.5).max(2),
      warmth: z.number().min(0).max(0.3).default(0),
      sunGlow: z.number().min(0).max(6),
    })
    .optional(),
  /**
   * How much more of a low sun's warm colour falls on the car than the light alone gives (compositor.ts, lowSunGlow):
   * its share of each channel and the levels it may add, both times this. 1 (the default) everywhere but Sunset, whose
   * name promises the golden hour's light on the car.
   */
  sunOnCar: z.number().min(1).max(4).default(1),
  /**
   * The far scene's blur (gaussian sigma, output pixels; scene-view.ts, FAR_BLUR by default). The hilltop's ridges at
   * the default read as haze, not mountains (a dealer's review at full size, issue 38): the 1k panorama is already as
   * soft as 11 output pixels a texel, so a shorter blur keeps the ridges' outlines against the sky.
   */
  farBlur: z.number().min(2).max(20).optional(),
  /**
   * Fine grit synthesised on the ground at the car (ground-grain.ts), for a ground whose own texture the 1k panorama
   * enlarges into a smooth smear under sharp tyres (the waterfront's path, the hilltop's rock; issue 38). Not on
   * smooth stone slabs (Urban's paving): there it read as sandpaper.
   */
  groundGrain: z.boolean().default(false),
});
export type Scene = z.infer<typeof sceneSchema>;

const ph = (slug: string) => `https://polyhaven.com/a/${slug}`;

export const SCENES: readonly Scene[] = z.array(sceneSchema).parse([
  // Every outdoor scene's cameras keep its sun beside or behind them (at least about 80 degrees from where they look):
  // the light falls on the car from the camera's side, never a car lit from the front with the sun behind it. Except
  // Sunset: its cameras look toward the low sun (216 degrees), which stands in the picture over the sea, 15.5 to 22.5
  // degrees right of where they look (the lens sees 25 either side), the car lit from behind (compositor.ts,
  // backLight). The eight cameras spread over 8 degrees (a degree apart): over 12 the rear view (the span's end) put
  // the sun 24.5 degrees right, its disc cut by the frame's edge (0.99 of the width; now at most 0.945). With the sun
  // out of the frame the waterfront read as a pale evening, the same place as Coast a few degrees away. The panorama
  // stands at the quay's edge: looking that way a corner view's rear tyre stood on the edge stone, the car's end over
  // the water, so the car stands 4.5 m inland (toward 10 degrees), on the promenade's red path, the quay and the sea
  // beyond it in every angle. 4.5 m, not 2.5: there the tyres stood on the bright edge
  // stone where the paving meets the red path, like a kerb (issue 38 item 5); now that edge lies about 105 rows behind
  // the contact row, past a corner view's far tyre, the car on the even red path.
  { id: 'venice_sunset', style: 'sunset', label: 'Waterfront promenade at sunset', slug: 'venice_sunset', sha256_1k: '0e72ed46b5316cb5fb67fc81ff85b024a09146fd89ef3811a8d2299647ada118', licence: 'CC0-1.0', source: ph('venice_sunset'), startYaw: 197.5, yawSpan: 8, exposure: -0.6, floor: 'matt', carSpot: { yaw: 10, metres: 4.5 }, grade: { sky: -2.2, top: -0.8, from: -30, saturation: 1.3, warmth: 0.12, sunGlow: 2 }, sunOnCar: 4, groundGrain: true },
  // The valley and the mountains, the setting sun (227 degrees) beside the camera. No longer given to new Sunset
  // packages: no sun in the picture and a violet dusk light, it read as the Mountain style's hilltop at dusk, not as a
  // sunset (judged at full size on photos not tuned on, issue 38).
  { id: 'kiara_1_dawn', style: 'sunset', label: 'Dry hills at dusk', slug: 'kiara_1_dawn', sha256_1k: 'ee70fb8c8fb3e34566802191d83b299e179ecc392b97639e6c750f66e161c8e2', licence: 'CC0-1.0', source: ph('kiara_1_dawn'), startYaw: 120, yawSpan: 40, exposure: -1.0, floor: 'rough', groundCover: 0.02, offered: false },
  // The panorama was shot standing on the square's red pavement, which is then the ground under the car in every
  // direction (the ground near the car comes from the panorama's nadir): no longer given to new packages.
  { id: 'potsdamer_platz', style: 'urban', label: 'City square, high-rises', slug: 'potsdamer_platz', sha256_1k: '7afe4c2f9700ee78c7477c53fa355463d7dda1fdede401432d6b5f9ff0a95696', licence: 'CC0-1.0', source: ph('potsdamer_platz'), startYaw: 215, exposure: 0.5, floor: 'matt', offered: false },
  // The glass building and the river beside the colonnade (a pillar at 120 degrees at the frame's edge), the sun (216
  // degrees, high) beside and behind the camera.
  { id: 'modern_buildings_2', style: 'urban', label: 'Glass buildings, stone paving', slug: 'modern_buildings_2', sha256_1k: '180621e3ad46d78cf1b482483a1efbe044a856a5d52142f52539e317cfea4edf', licence: 'CC0-1.0', source: ph('modern_buildings_2'), startYaw: 95, yawSpan: 20, exposure: -0.5, floor: 'matt' },
  // A cobbled street of shopfronts all the way round, lit from its glass roof.
  { id: 'leadenhall_market', style: 'urban', label: 'Covered market street, cobbles', slug: 'leadenhall_market', sha256_1k: '06d1e27d9c12c1821103fbd83546d63ce5b03392b47e76dc87231aa50933a975', licence: 'CC0-1.0', source: ph('leadenhall_market'), startYaw: 180, exposure: 0.9, floor: 'rough' },
  // No sand beach panorama is at hand: the "beach" style is a coast (its label says so). The open sea fills 108 to 270
  // degrees (the shore's trees and people end at 108); the cameras look at 131-141, the frames (25 degrees either
  // side) sea behind and beside the car (at most the quay's edge at the left edge), the sun (216) out of the picture
  // on their right (Sunset looks at it), at least 75 degrees off (the light from the camera's side). Looking at
  // 110-140 (before), the shore's trees filled the left half of the rear view. Graded as Sunset is, more gently, no sun drawn: the sky and the sea
  // 1.2 stops down and their colour doubled (as shot, a pale washed-out sky; issue 38): an evening blue over the sea,
  // pink toward the sun.
  // The car stands 4.5 m inland, as Sunset's does: at the panorama's own spot a corner view's rear tyre stood on the
  // quay's edge stone, the water right behind it; 2.5 m in, the tyres stood on the paving's bright edge stone.
  { id: 'venice_sunset_coast', style: 'beach', label: 'Coast: stone waterfront by the sea', slug: 'venice_sunset', sha256_1k: '0e72ed46b5316cb5fb67fc81ff85b024a09146fd89ef3811a8d2299647ada118', licence: 'CC0-1.0', source: ph('venice_sunset'), startYaw: 136, yawSpan: 10, exposure: -0.3, floor: 'matt', carSpot: { yaw: 10, metres: 4.5 }, grade: { sky: -1.2, top: -0.6, from: -20, saturation: 2, warmth: 0, sunGlow: 0 }, groundGrain: true },
  // (groundCover: the dry hills' dirt and stones cover a tyre's lowest 2 cm; the meadows' grass about 4.5 cm.)
  // Mountains all round a rocky hilltop; the cameras look away from the low sun (227 degrees), at the ridges. They
  // look at 350-10 degrees: the bush a few metres from the panorama's camera (300-322 degrees) stays out of the frame
  // (25 degrees either side). Looking at 315-355 (before) it stood right behind the car's roof in half the angles, a
  // blurred olive smear as tall as the car (the 1k panorama magnified about 11 times; issue 38).
  { id: 'kiara_1_dawn_mountains', style: 'mountain', label: 'Rocky hilltop among mountains', slug: 'kiara_1_dawn', sha256_1k: 'ee70fb8c8fb3e34566802191d83b299e179ecc392b97639e6c750f66e161c8e2', licence: 'CC0-1.0', source: ph('kiara_1_dawn'), startYaw: 0, yawSpan: 20, exposure: -0.4, floor: 'rough', groundCover: 0.02, farBlur: 5, groundGrain: true },
  // An alpine meadow among spruces: its few far peaks (200-245 degrees) stand toward its sun (216), where a camera would
  // light the car from behind, and the cameras that keep the sun beside them (305 degrees) see spruces and haze, no
  // mountains (looked at in all eight angles at full size): no longer given to new packages.
  { id: 'immenstadter_horn', style: 'mountain', label: 'Alpine meadow, mountains beyond', slug: 'immenstadter_horn', sha256_1k: '799dd5a7b4b8db725b7d998bfa5fa7077bddb3e87e92d1ac04962309e87ee21c', licence: 'CC0-1.0', source: ph('immenstadter_horn'), startYaw: 305, yawSpan: 20, exposure: 0.3, floor: 'rough', groundCover: 0.045, offered: false },
  // Green hills, no mountains: no longer given to new packages (it was the Mountain style's second scene).
  { id: 'hilly_terrain_01', style: 'mountain', label: 'Green hills', slug: 'hilly_terrain_01', sha256_1k: '74bea0e8a354bff11349a41746eb3c3c45a648216af2d59445b4012b8639eb0d', licence: 'CC0-1.0', source: ph('hilly_terrain_01'), startYaw: 90, exposure: -0.2, floor: 'rough', groundCover: 0.045, offered: false },
]);

/** The scenes new packages of a style are given (a scene no longer offered still renders for the packages that have it). */
export function scenesOf(style: string): Scene[] {
  return SCENES.filter((s) => s.style === style && s.offered);
}

export function sceneById(id: string): Scene | undefined {
  return SCENES.find((s) => s.id === id);
}

/** A package's scene: its id and the camera's direction for the Front angle (stored with the package). */
export interface PickedScene {
  id: string;
  startYaw: number;
}

/**
 * The scene of a package (or batch) in its style: picked once from its id, so the choice is spread over the style's
 * scenes and the same id always gets the same scene. Undefined for the original location (no scene) and for a style
 * the manifest has no scene for.
 */
export function pickScene(style: Background, seed: string): PickedScene | undefined {
  const scenes = scenesOf(style);
  if (scenes.length === 0) return undefined;
  const n = createHash('sha256').update(seed).digest().readUInt32BE(0);
  const scene = scenes[n % scenes.length]!;
  return sceneChoice(scene);
}

/** A scene as a package's choice: its id and its start direction. */
export const sceneChoice = (scene: Scene): PickedScene => ({ id: scene.id, startYaw: scene.startYaw });
