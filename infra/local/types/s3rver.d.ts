declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  /** The part of s3rver's on-disk store (lib/stores/filesystem.js) that s3-atomic-writes.ts replaces. */
  export interface S3rverStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string> | undefined, md5?: string): Promise<void>;
    putObject(object: { bucket: string; key: string; content: Buffer | NodeJS.ReadableStream; metadata?: Record<string, string> }): Promise<{ size: number; md5: string }>;
    getMetadata(bucket: string, key: string): Promise<Record<string, string | number>>;
    copyObject(srcBucket: string, srcKey: string, destBucket: string, destKey: string, replacementMetadata?: Record<string, string>): Promise<Record<string, string | number>>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly store: S3rverStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
