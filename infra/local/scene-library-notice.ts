import { sceneFile, scenesDir } from '../../functions/src/renderer/scenes/scene-library';
import { SCENES } from '../../functions/src/renderer/scenes/scene-manifest';

/**
 * The line `npm start` prints about backgrounds: studio and showroom are rendered in code; for the outdoor styles,
 * which scene library the compositor reads, or that it offers none and how to configure one. The library is configured (SCENES_DIR), never guessed from nearby folders.
 */
export function sceneLibraryNotice(env: NodeJS.ProcessEnv = process.env): string {
  const renderer = rendererNameOf(env);
  if (renderer !== 'local') return `Backgrounds: made by the ${renderer} renderer (the scene library is not used).`;
  const dir = scenesDir(env);
  if (!dir) return 'Backgrounds: studio and showroom rendered; no outdoor styles (no scene library). For them: npm run scenes:fetch, then SCENES_DIR=.cache/scenes npm start.';
  const slugs = [...new Set(SCENES.map((s) => s.slug))];
  const missing = slugs.filter((slug) => !sceneFile(dir, SCENES.find((s) => s.slug === slug)!));
  return missing.length
    ? `Backgrounds: outdoor scenes from ${dir}, but ${missing.length} of ${slugs.length} panoramas are missing (${missing.join(', ')}): packages with those scenes will fail. Run npm run scenes:fetch -- --dir ${dir}.`
    : `Backgrounds: studio and showroom rendered; outdoor scenes from ${dir} (${slugs.length} panoramas).`;
}

/** The renderer the host runs (create-renderer.ts's rule): RENDERER, else OpenAI with a key, else the compositor. */
const rendererNameOf = (env: NodeJS.ProcessEnv) => env.RENDERER || (env.OPENAI_API_KEY ? 'openai' : 'local');

/** OUTDOOR_STYLES for the host: the compositor needs the scene library for them; the other renderers make their own. */
export const outdoorStylesOf = (env: NodeJS.ProcessEnv = process.env): 'on' | 'off' => (rendererNameOf(env) === 'local' && !scenesDir(env) ? 'off' : 'on');
