/**
 * `npx tsx tests/bench/render-ground-detail.ts [style ...]`: what an outdoor style's scene costs once per process
 * (issue 38): the panorama's load (RGBE decode, tone map, grade, light) and its ground texture map
 * (scenes/ground-detail.ts) at the scene's car spot, each as CPU ms of this process, per style (default: the styles
 * whose scene asks for the ground's grain on a paved floor, and the others for comparison). Needs SCENES_DIR (or
 * ../shared/scenes). Prints a line per style; writes nothing.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Background } from '@shared/backgrounds';
import { groundDetailFor } from '../../functions/src/renderer/scenes/ground-detail';
import { loadPanorama } from '../../functions/src/renderer/scenes/scene-library';
import { pickScene, sceneById } from '../../functions/src/renderer/scenes/scene-manifest';

const dir = process.env.SCENES_DIR ?? resolve(import.meta.dirname, '../../../shared/scenes');
if (!existsSync(dir)) throw new Error(`No scene library at ${dir} (set SCENES_DIR).`);
const styles = (process.argv.length > 2 ? process.argv.slice(2) : ['sunset', 'beach', 'urban', 'mountain']) as Background[];
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (const style of styles) {
  const scene = sceneById(pickScene(style, style)!.id)!;
  let c = cpu();
  const pano = await loadPanorama(dir, scene);
  const loadMs = cpu() - c;
  const yaw = ((scene.carSpot?.yaw ?? 0) * Math.PI) / 180;
  const spot: [number, number] = scene.carSpot ? [scene.carSpot.metres * Math.sin(yaw), scene.carSpot.metres * Math.cos(yaw)] : [0, 0];
  c = cpu();
  const detail = groundDetailFor(pano, scene.panoHeight, spot);
  const mapMs = cpu() - c;
  const used = scene.groundGrain && scene.floor !== 'rough';
  console.log(`${style} (${scene.id}): panorama load ${loadMs.toFixed(0)} ms CPU; ground texture map ${mapMs.toFixed(0)} ms CPU, ${detail?.patches.length ?? 0} patches${used ? '' : ' (this scene does not use it)'}`);
}
