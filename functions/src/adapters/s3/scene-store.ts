/**
 * The scene library's S3 adapter (AWS): the deploy uploads the manifest's panoramas under SCENES_PREFIX of
 * SCENES_BUCKET (`cdk deploy -c scenesDir=…`); a render task reads each one once into /tmp (scene-library.ts checks it).
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { SceneStore } from '../../renderer/scenes/scene-library';
import { s3 } from './client';

export function s3SceneStore(bucket: string, prefix: string, client: () => S3Client = s3): SceneStore {
  return {
    async read(fileName) {
      const object = await client().send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${fileName}` }));
      if (!object.Body) throw new Error(`s3://${bucket}/${prefix}${fileName} has no body`);
      return object.Body.transformToByteArray();
    },
  };
}

/** The store the environment names (SCENES_BUCKET, SCENES_PREFIX), or undefined when the library is not in S3. */
export function sceneStoreFromEnv(env: NodeJS.ProcessEnv): SceneStore | undefined {
  const bucket = env.SCENES_BUCKET?.trim();
  return bucket ? s3SceneStore(bucket, env.SCENES_PREFIX ?? 'scenes/') : undefined;
}
