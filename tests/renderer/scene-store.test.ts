/**
 * The scene library read from a store (S3 in AWS): each panorama is fetched once into the local folder, checked against
 * the manifest as a SCENES_DIR file is, and read by the same code; an altered copy is refused and fetched again next time.
 */
import { mkdtempSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { s3SceneStore, sceneStoreFromEnv } from '../../functions/src/adapters/s3/scene-store';
import { loadPanorama, scenesDir, SceneLibraryError, useSceneStore, type SceneStore } from '../../functions/src/renderer/scenes/scene-library';
import { SCENES } from '../../functions/src/renderer/scenes/scene-manifest';

const LIBRARY = process.env.SCENES_DIR ?? '../shared/scenes';
const scene = (id: string) => SCENES.find((s) => s.id === id)!;

/** A store holding the library's files, counting reads; `alter` changes the bytes it serves. */
function countingStore(alter = false): SceneStore & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async read(name) {
      reads.push(name);
      const bytes = new Uint8Array(readFileSync(join(LIBRARY, name)));
      if (alter) bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
      return bytes;
    },
  };
}

afterEach(() => useSceneStore(undefined));

describe('the scene library from a store', () => {
  it('with SCENES_BUCKET the folder is in the temporary directory; SCENES_DIR wins; neither: none', () => {
    expect(scenesDir({ SCENES_BUCKET: 'b' })).toBe(join(tmpdir(), 'scenes'));
    expect(scenesDir({ SCENES_BUCKET: 'b', SCENES_DIR: '/srv/scenes' })).toBe('/srv/scenes');
    expect(scenesDir({})).toBeUndefined();
  });

  it('fetches a panorama once into the folder and reads it hash-checked, as from SCENES_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scene-store-'));
    const store = countingStore();
    useSceneStore(store);
    const sunset = await loadPanorama(dir, scene('venice_sunset'));
    // Another scene from the same file, and the same scene again: no second read.
    const coast = await loadPanorama(dir, scene('venice_sunset_coast'));
    await loadPanorama(dir, scene('venice_sunset'));
    expect(store.reads).toEqual(['venice_sunset_1k.hdr']);
    const fromFolder = await loadPanorama(LIBRARY, scene('venice_sunset'));
    expect([sunset.width, sunset.height]).toEqual([fromFolder.width, fromFolder.height]);
    expect(sunset.srgb).toEqual(fromFolder.srgb);
    expect(coast.file).toBe(join(dir, 'venice_sunset_1k.hdr'));
  }, 60_000);

  it('refuses an altered copy, removes it and fetches it again on the next use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scene-store-'));
    useSceneStore(countingStore(true));
    await expect(loadPanorama(dir, scene('potsdamer_platz'))).rejects.toThrow(SceneLibraryError);
    await expect(loadPanorama(dir, scene('potsdamer_platz'))).rejects.toThrow(/does not match the manifest's sha256/);
    expect(existsSync(join(dir, 'potsdamer_platz_1k.hdr'))).toBe(false);
    const good = countingStore();
    useSceneStore(good);
    await expect(loadPanorama(dir, scene('potsdamer_platz'))).resolves.toMatchObject({ width: 1024, height: 512 });
    expect(good.reads).toEqual(['potsdamer_platz_1k.hdr']);
  }, 60_000);

  it('a store that cannot read the file is a scene library error naming it; without a store a missing file is one too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scene-store-'));
    useSceneStore({ read: async () => Promise.reject(new Error('NoSuchKey')) });
    await expect(loadPanorama(dir, scene('kiara_1_dawn'))).rejects.toThrow(/kiara_1_dawn_1k\.hdr could not be read from the scene store \(NoSuchKey\)/);
    useSceneStore(undefined);
    await expect(loadPanorama(dir, scene('kiara_1_dawn'))).rejects.toThrow(/is not in/);
  });

  it('the S3 adapter gets <prefix><file> from the bucket the environment names', async () => {
    const sent: unknown[] = [];
    const client = { send: async (command: { input: unknown }) => (sent.push(command.input), { Body: { transformToByteArray: async () => new Uint8Array([1, 2, 3]) } }) } as unknown as S3Client;
    await expect(s3SceneStore('lib-bucket', 'scenes/', () => client).read('venice_sunset_1k.hdr')).resolves.toEqual(new Uint8Array([1, 2, 3]));
    expect(sent).toEqual([{ Bucket: 'lib-bucket', Key: 'scenes/venice_sunset_1k.hdr' }]);
    expect(sceneStoreFromEnv({})).toBeUndefined();
    expect(sceneStoreFromEnv({ SCENES_BUCKET: 'lib-bucket' })).toBeDefined();
  });
});

describe('npm start says which scene library it uses', () => {
  it('names the folder, the drawn fallback with how to configure one, or missing panoramas', async () => {
    const { sceneLibraryNotice } = await import('../../infra/local/scene-library-notice');
    const panoramas = new Set(SCENES.map((s) => s.slug)).size;
    expect(sceneLibraryNotice({ SCENES_DIR: LIBRARY })).toMatch(new RegExp(`^Backgrounds: studio and showroom rendered; outdoor scenes from .*shared/scenes \\(${panoramas} panoramas\\)\\.$`));
    expect(sceneLibraryNotice({})).toBe('Backgrounds: studio and showroom rendered; no outdoor styles (no scene library). For them: npm run scenes:fetch, then SCENES_DIR=.cache/scenes npm start.');
    const empty = mkdtempSync(join(tmpdir(), 'scene-notice-'));
    expect(sceneLibraryNotice({ SCENES_DIR: empty })).toContain(`but ${panoramas} of ${panoramas} panoramas are missing`);
    expect(sceneLibraryNotice({ RENDERER: 'openai', OPENAI_API_KEY: 'k' })).toContain('openai renderer');
  });
});
