import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3rverStore } from 's3rver';

/** Writes a file whole or not at all: to a temporary name beside it, then renamed over it (atomic on one disk). */
async function replaceFile(path: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = `${path}.${randomUUID()}.partial`;
  try {
    await write(tmp);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * s3rver writes an object in place (its file truncated, then filled) and may answer before the bytes are on disk, so
 * a read racing a write of the same key (two starts of one car package copy the same photo) can get a cut-off or
 * empty object. S3 never shows a partial object: a read gets the old object or the new one. The store's writes (put,
 * copy, metadata) are replaced by ones that write beside the object and rename, and answer once the bytes are on
 * disk. Temporary names do not end in s3rver's object suffix, so listings never show them.
 */
export function makeWritesAtomic(store: S3rverStore): void {
  store.putMetadata = async (bucket, key, metadata, md5) => {
    const json: Record<string, string> = {};
    for (const [name, value] of Object.entries(metadata ?? {})) {
      if (name.startsWith('x-amz-meta-') || STORED_HEADERS.includes(name)) json[name] = value;
    }
    if (md5) await replaceFile(store.getResourcePath(bucket, key, 'object.md5'), (tmp) => writeFile(tmp, md5));
    await replaceFile(store.getResourcePath(bucket, key, 'metadata.json'), (tmp) => writeFile(tmp, JSON.stringify(json, null, 2)));
  };
  store.putObject = async (object) => {
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(path), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await replaceFile(path, (tmp) => pipeline(source, count, createWriteStream(tmp)));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
  store.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    const from = (resource: string) => store.getResourcePath(srcBucket, srcKey, resource);
    const to = (resource: string) => store.getResourcePath(destBucket, destKey, resource);
    const copy = (resource: string) => replaceFile(to(resource), (tmp) => copyFile(from(resource), tmp));
    const sameObject = from('object') === to('object');
    if (!sameObject) {
      await mkdir(dirname(to('object')), { recursive: true });
      await copy('object');
    }
    if (replacementMetadata) await store.putMetadata(destBucket, destKey, replacementMetadata);
    else if (!sameObject) await Promise.all([copy('metadata.json'), copy('object.md5')]);
    return store.getMetadata(destBucket, destKey);
  };
}

/** The headers s3rver keeps with an object, besides x-amz-meta-* (its own list, so both writes keep the same). */
const STORED_HEADERS: readonly string[] = (createRequire(import.meta.url)('s3rver/lib/models/object') as { ALLOWED_METADATA: string[] }).ALLOWED_METADATA;
