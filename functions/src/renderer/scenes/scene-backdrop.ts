/**
 * The backdrop of one angle: a perspective view of the package's scene (or the dealer's own background, out of
 * focus), drawn for where the compositor placed the car. The camera turns with the angle's azimuth from the scene's
 * start direction, so the eight angles of a package are one walk around the car in one place.
 */
import type { Angle } from '@shared/angles';
import type { Background } from '@shared/backgrounds';
import type { DecodedPhoto } from '../photo-validation';
import type { CleanMask } from '../cutout/mask-cleanup';
import type { SceneChoice } from '../port';
import { MAX_LOW_SUN_GLOW, type BackdropLight, type CarPlacement, type SceneSource } from '../local/compositor';
import { pickScene, sceneById, type FloorKind, type Scene } from './scene-manifest';

export { pickScene };
import { loadPanorama, SceneLibraryError, scenesDir, type Panorama } from './scene-library';
import { addSensorGrain, meteredLuma, outOfFocus, REDUCE, renderSceneView, sceneCamera, sharpenGroundAtCar, signedDegrees } from './scene-view';
import { groundDetailFor } from './ground-detail';
import { isRenderedPlace, renderedPlaceSource } from './rendered-studio';
import { cameraHeightOnStage } from './photo-camera';

/** The scene camera's height for where the car was placed (photo-camera.ts): the photo's own, read from its car. */
export type CameraHeightFor = (placement: CarPlacement) => number;

/** Where the camera stands around the car for each angle, degrees clockwise seen from above (front 0, right side 90). */
export const ANGLE_AZIMUTH: Record<Angle, number> = {
  front: 0,
  front_right_corner: 45,
  right_side: 90,
  rear_right_corner: 135,
  rear: 180,
  rear_left_corner: 225,
  left_side: 270,
  front_left_corner: 315,
};

/**
 * shadowStrength: how dark the car's occlusion and contact shade are outdoors: the ground under the sills in real photos
 * is 0.04-0.1 of the open ground beside the car (0.82-0.88 left it at 0.2).
 * contactLine: the crease where the tyres meet the ground (the compositor's contactCrease), nearly black as in real
 * photos (the ground 2-4 px under a tyre: 0.14-0.5 of the open ground beside the car; 0.35-0.4 left it a grey line).
 * A polished floor's is lighter: its reflection carries the tyre on below the line.
 */
const FLOORS: Record<FloorKind, { shadowStrength: number; reflection: number; contactLine: number }> = {
  glossy: { shadowStrength: 0.8, reflection: 0.16, contactLine: 0.6 },
  matt: { shadowStrength: 0.9, reflection: 0, contactLine: 0.85 },
  rough: { shadowStrength: 0.92, reflection: 0, contactLine: 0.85 },
};

/**
 * How far (a share of a channel) a low sun's warm light moves the whole car's white balance (others: 2.5% too, at a
 * third of their colour's strength). 3% with the light's warmth kept (warmthGains) took the grey Cupra's fidelity at
 * sunset 0.045 under its studio's: 2.5% leaves it 0.040 under, as the pink tint did.
 */
export const LOW_SUN_TINT = 0.025;

/** A sun this low (degrees) colours the light it casts: golden hour, a sunset. */
export const LOW_SUN_ELEVATION = 15;

/**
 * A light's colour as gains on the car (mean 1): its warmth only, red against blue with green between them, at
 * `strength` (a power on the measured colour) and at most `most` a channel. Scaled, not clipped channel by channel: the
 * clip pressed green down with blue, so an orange sunset (venice_sunset: 1.36/0.92/0.72) came out 1.04/0.98/0.98, pink
 * on a white car; and a panorama's magenta tilt (kiara_1_dawn's key light: 1.43/0.76/0.81) is not a colour paint takes.
 */
export function warmthGains(tint: readonly number[], strength: number, most: number): [number, number, number] {
  const r = tint[0]! ** strength, b = tint[2]! ** strength;
  const d = Math.max(-most, Math.min(most, (r - b) / (r + b)));
  return [1 + d, 1, 1 - d];
}

/**
 * A low sun's warm light on the car (BackdropLight.glow): the sun's warmth at half its strength, within
 * MAX_LOW_SUN_GLOW a channel, fuller the lower the sun. Nothing for a high sun, a soft light (a hall, a studio) or a light
 * that is not warm (its red not above its blue).
 */
function lowSun(scene: Scene, elevation: number, tint: readonly number[]): { glow?: [number, number, number]; sunOnCar?: number; sunColour?: [number, number, number] } {
  if (scene.light === 'soft' || elevation >= LOW_SUN_ELEVATION || tint[0]! <= tint[2]! * 1.1) return {};
  const low = 1 - Math.max(0, elevation) / LOW_SUN_ELEVATION;
  // The sun's own colour for the rim it draws round a car it stands behind (compositor.ts, backLight): its measured
  // colour at half strength, its brightest channel 1 (the waterfront's 1.36/0.92/0.72: a warm peach, 1/0.82/0.73).
  const half = tint.map((c) => Math.sqrt(c));
  const top = Math.max(...half);
  return { glow: warmthGains(tint, 0.5, MAX_LOW_SUN_GLOW * low), sunColour: half.map((c) => c / top) as [number, number, number], ...(scene.sunOnCar !== 1 ? { sunOnCar: scene.sunOnCar } : {}) };
}

function sceneLight(scene: Scene, p: Panorama, yaw: number, rgb: Buffer, metered?: number): BackdropLight {
  const { light } = p;
  const relativeYaw = signedDegrees(light.yaw - yaw);
  const warm = lowSun(scene, light.elevation, light.tint);
  // Toward the scene's light's warmth at a third of its strength, limited: the car is adjusted, never repainted. Under a
  // low sun's warm light (a sunset) half its strength and up to LOW_SUN_TINT a channel: the whole car in the evening's
  // light, not daylight's.
  const [strength, most] = warm.glow ? [0.5, LOW_SUN_TINT] : [0.33, 0.025];
  let sum = 0;
  for (let i = 0; i < rgb.length; i += 3 * 7) sum += 0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!;
  // A graded scene is metered as shot (scene-view.ts, meteredLuma): its grade darkens the sky, not the car's light.
  const meanLuma = metered ?? sum / Math.ceil(rgb.length / 21);
  return {
    relativeYaw,
    elevation: light.elevation,
    ...warm,
    dominance: scene.light === 'soft' ? Math.min(0.25, light.dominance) : light.dominance,
    tint: warmthGains(light.tint, strength, most),
    // A dim scene (dusk) takes the car down a little, a bright one lifts it a little.
    exposure: Math.min(1.05, Math.max(0.88, (meanLuma / 135) ** 0.25)),
  };
}

/**
 * The camera's direction for an angle: the Front's direction turned by the angle's azimuth, the eight angles spread
 * over the scene's yaw span around it (the whole way round for 360; a narrower span keeps every angle facing the part
 * of the place that looks like its style). Azimuths count from -180 to 180 so the Front stays in the middle.
 */
export function cameraYaw(scene: Scene, choice: SceneChoice, azimuth: number): number {
  return choice.startYaw + (signedDegrees(azimuth) * scene.yawSpan) / 360;
}

function panoramaSource(scene: Scene, choice: SceneChoice, angle: Angle, pano: Panorama, width: number, height: number, floorY: number, cameraHeight?: CameraHeightFor): SceneSource {
  const floor = FLOORS[scene.floor];
  return {
    width,
    height,
    floorY,
    async draw(placement: CarPlacement) {
      const azimuth = ANGLE_AZIMUTH[angle];
      const camera = { ...sceneCamera(cameraYaw(scene, choice, azimuth), placement.contactRow, placement.ch, width, cameraHeight?.(placement)), ...carSpotOf(scene) };
      // The paved ground's texture from the panorama's own sharpest ground of the car's material (ground-detail.ts).
      const detail = scene.groundGrain && scene.floor !== 'rough' ? groundDetailFor(pano, scene.panoHeight, camera.spot ?? [0, 0]) : undefined;
      const rgb = await renderSceneView(pano, camera, scene.panoHeight, width, height, scene.farBlur, { detail, flattenBlotches: !!detail });
      // The ground the tyres stand on, as sharp as they are (the rest of the view stays out of focus).
      // (Past the farthest tyre: a corner view's rear tyre stands further off than the front one.)
      // Grit and no bright blotch where the scene asks (groundGrain); blotches on paved ground only: on rough ground
      // (rock, meadow) a light patch is a stone.
      await sharpenGroundAtCar(rgb, pano, camera, scene.panoHeight, width, height, placement.farContactRow, scene.farBlur, { grain: scene.groundGrain, flattenBlotches: scene.groundGrain && scene.floor !== 'rough', detail });
      addSensorGrain(rgb, 2.5);
      return {
        rgb,
        ...floor,
        ...(scene.groundCover > 0 ? { groundCover: scene.groundCover } : {}),
        light: sceneLight(scene, pano, camera.yaw, rgb, pano.metered ? meteredLuma(pano, camera, scene.panoHeight, width, height) : undefined),
        scene: { id: scene.id, label: scene.label, yaw: camera.yaw, azimuth, horizonRow: camera.horizonRow, groundRow: camera.groundRow, focalPx: camera.focalPx, cameraHeight: camera.cameraHeight, carDistance: camera.carDistance },
      };
    },
  };
}

/** The car's spot on the scene's ground (scene-manifest.ts, carSpot) as the scene camera's offset. */
function carSpotOf(scene: Scene): { spot?: [number, number] } {
  if (!scene.carSpot) return {};
  const a = (scene.carSpot.yaw * Math.PI) / 180;
  return { spot: [scene.carSpot.metres * Math.sin(a), scene.carSpot.metres * Math.cos(a)] };
}

/** Separable box blur (3 passes approximate a gaussian) of float planes, in place. */
function boxBlur(planes: Float32Array[], w: number, h: number, radius: number): void {
  const r = Math.max(1, Math.round(radius));
  const tmp = new Float32Array(Math.max(w, h));
  for (const plane of planes)
    for (let pass = 0; pass < 3; pass++) {
      for (let y = 0; y < h; y++) {
        let acc = 0;
        for (let x = -r; x <= r; x++) acc += plane[y * w + Math.min(w - 1, Math.max(0, x))]!;
        for (let x = 0; x < w; x++) {
          tmp[x] = acc / (2 * r + 1);
          acc += plane[y * w + Math.min(w - 1, x + r + 1)]! - plane[y * w + Math.max(0, x - r)]!;
        }
        plane.set(tmp.subarray(0, w), y * w);
      }
      for (let x = 0; x < w; x++) {
        let acc = 0;
        for (let y = -r; y <= r; y++) acc += plane[Math.min(h - 1, Math.max(0, y)) * w + x]!;
        for (let y = 0; y < h; y++) {
          tmp[y] = acc / (2 * r + 1);
          acc += plane[Math.min(h - 1, y + r + 1) * w + x]! - plane[Math.max(0, y - r) * w + x]!;
        }
        for (let y = 0; y < h; y++) plane[y * w + x] = tmp[y]!;
      }
    }
}

/**
 * How far along itself a row or column beyond the photo is averaged (the gaussian's spread), per reduced pixel of its
 * distance from the photo. 0.3 and 0.5 both fade a striped edge (a swing of 75) to 4-5 by the frame's edge; 0.5 carries
 * the place's broad shapes (a kerb, a lawn) a little way out before they fade, 0.8 made the band a nearly flat wall.
 */
const BEYOND_REACH = 0.5;

/**
 * Averages each row (or column) of premultiplied planes along itself over a reach that grows with its distance from the
 * photo (reduced pixels; 0 inside the photo, left as is). Three box passes, nearly a gaussian: a single box's hard ends
 * drew where a bright patch stopped reaching as a sharp slanted edge.
 */
function smoothBeyond(planes: Float32Array[], w: number, h: number, along: 'rows' | 'columns', distance: (i: number) => number): void {
  const [lines, n, step, stride] = along === 'rows' ? [h, w, 1, w] : [w, h, w, 1];
  const sum = new Float64Array(n + 1);
  for (let i = 0; i < lines; i++) {
    const d = distance(i);
    if (d <= 0) continue;
    const r = Math.min(n, Math.round(1 + BEYOND_REACH * d));
    for (const plane of planes)
      for (let pass = 0; pass < 3; pass++) {
        for (let k = 0; k < n; k++) sum[k + 1] = sum[k]! + plane[i * stride + k * step]!;
        for (let k = 0; k < n; k++) {
          const a = Math.max(0, k - r), b = Math.min(n, k + r + 1);
          plane[i * stride + k * step] = (sum[b]! - sum[a]!) / (b - a);
        }
      }
  }
}

/**
 * The dealer's own background, out of focus: the photo placed as the car is (same scale, same mirroring), the car
 * itself taken out of it (a normalised blur that leaves the car's pixels out, so no halo of its colours). Framed as it
 * was shot (the photo covers the frame, the car where it stood); where the photo does not reach (a car drawn smaller to
 * fit, a square or tall photo's sides) its edge rows and columns are stretched and averaged along themselves, more the
 * further out: the place going on out of focus, never a mirror image. Real by construction: it is where the car stood.
 */
function originalSource(photo: DecodedPhoto, mask: CleanMask, width: number, height: number, floorY: number): SceneSource {
  return {
    width,
    height,
    floorY,
    framing: 'photo',
    async draw(placement: CarPlacement) {
      const w = Math.round(width / REDUCE), h = Math.round(height / REDUCE);
      const s = placement.scale / REDUCE;
      const { box } = mask;
      const planes = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
      // Where the photo does not reach the frame (the car shrunk to fit), its edge rows and columns are stretched
      // outward: a reflection would put a mirrored copy of the scene (a parking bay, the car's shadow) in the sky.
      const rowInPhoto = (y: number) => box.top + ((y + 0.5) * REDUCE - placement.top) / placement.scale;
      const columnInPhoto = (x: number) => {
        const cx = (x + 0.5) * REDUCE - placement.left;
        return box.left + (placement.mirror ? placement.cw - cx : cx) / placement.scale;
      };
      const clampInto = (v: number, n: number) => Math.max(0, Math.min(n - 1, Math.round(v)));
      for (let y = 0; y < h; y++) {
        const py = clampInto(rowInPhoto(y), photo.height);
        for (let x = 0; x < w; x++) {
          const px = clampInto(columnInPhoto(x), photo.width);
          const i = py * photo.width + px;
          const keep = mask.alpha[i]! > 16 ? 0 : 1; // the car and its soft edge are left out
          const o = y * w + x;
          planes[0]![o] = photo.rgb[3 * i]! * keep;
          planes[1]![o] = photo.rgb[3 * i + 1]! * keep;
          planes[2]![o] = photo.rgb[3 * i + 2]! * keep;
          planes[3]![o] = keep;
        }
      }
      // A stretched edge draws each of its pixels as a streak across the frame (down from the top and bottom rows, across
      // from the side columns of a square or tall photo): each row and column beyond the photo is averaged along itself,
      // over a reach that grows with its distance from the photo, so the edge's detail fades into its broad colours.
      const reach = (p: number, n: number) => (p < 0 ? -p : p > n - 1 ? p - (n - 1) : 0) * (placement.scale / REDUCE);
      smoothBeyond(planes, w, h, 'columns', (x) => reach(columnInPhoto(x), photo.width));
      smoothBeyond(planes, w, h, 'rows', (y) => reach(rowInPhoto(y), photo.height));
      // Two reaches: near the car a short one; deep inside its outline a wide one that reaches past it.
      const wide = planes.map((p) => Float32Array.from(p));
      boxBlur(planes, w, h, Math.max(2, s * 3));
      boxBlur(wide, w, h, Math.max(8, placement.cw / REDUCE / 6));
      const bytes = Buffer.alloc(w * h * 3);
      for (let o = 0; o < w * h; o++) {
        const near = planes[3]![o]!, far = wide[3]![o]!;
        const m = Math.min(1, near / 0.35);
        for (let c = 0; c < 3; c++) {
          const a = near > 1e-4 ? planes[c]![o]! / near : 0;
          const b = far > 1e-4 ? wide[c]![o]! / far : a;
          bytes[3 * o + c] = a * m + b * (1 - m);
        }
      }
      const camera = sceneCamera(0, placement.contactRow, placement.ch, width);
      const rgb = await outOfFocus(bytes, camera, width, height);
      return {
        rgb,
        shadowStrength: 0.45,
        reflection: 0,
        keepCarColour: true,
        scene: { id: 'original', label: 'Original location, blurred', yaw: 0, azimuth: 0, horizonRow: camera.horizonRow, groundRow: camera.groundRow, focalPx: camera.focalPx, cameraHeight: camera.cameraHeight, carDistance: camera.carDistance },
      };
    },
  };
}

export interface BackdropContext {
  photo: DecodedPhoto;
  mask: CleanMask;
  width: number;
  height: number;
  floorY: number;
}

/**
 * The backdrop for this angle: the rendered studio or showroom, a photographic scene, the dealer's own background;
 * undefined when an outdoor style has no scene (no scene library configured, or no scene for the style). A configured library that lacks a listed scene is an error, not a silent fallback.
 */
export async function sceneBackdrop(style: Background, angle: Angle, choice: SceneChoice | undefined, ctx: BackdropContext, env: NodeJS.ProcessEnv = process.env): Promise<SceneSource | undefined> {
  // The original location keeps the photo's framing and its own camera (only its blur uses the scene camera).
  if (style === 'original') return originalSource(ctx.photo, ctx.mask, ctx.width, ctx.height, ctx.floorY);
  // The scene is drawn from the photo's camera height, read from a corner view's ground lines (a mirrored angle is
  // the same kind of view as its photo).
  const corner = angle.endsWith('_corner');
  const cameraHeight: CameraHeightFor = (placement) => cameraHeightOnStage(ctx.mask, corner, placement.scale, ctx.width);
  // The studio and the showroom are rendered in code, with or without a scene library.
  if (isRenderedPlace(style)) return renderedPlaceSource(style, ANGLE_AZIMUTH[angle], ctx.width, ctx.height, ctx.floorY, cameraHeight);
  const dir = scenesDir(env);
  if (!dir) return undefined;
  const picked = choice ?? pickScene(style, style);
  if (!picked) return undefined;
  const scene = sceneById(picked.id);
  if (!scene) throw new SceneLibraryError(`Unknown scene ${picked.id}: it is not in the scene manifest.`);
  const pano = await loadPanorama(dir, scene);
  return panoramaSource(scene, picked, angle, pano, ctx.width, ctx.height, ctx.floorY, cameraHeight);
}

/** Whether photographic scenes are configured (SCENES_DIR set): otherwise the outdoor styles are not offered. */
export function scenesConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return scenesDir(env) !== undefined;
}
