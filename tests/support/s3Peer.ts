import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/server/config.ts';
import { freePort } from './freePort.ts';

export interface S3Peer {
  /** http://S3RVER:S3RVER@127.0.0.1:<port>/<bucket>, ready for S3_URL. */
  url: string;
  endpoint: string;
  bucket: string;
  /** What parseConfig makes of `url` (with a prefix when asked). */
  config(opts?: { prefix?: string; serve?: 'stream' | 'redirect' }): S3Config;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (the s3rver package) on a free loopback port with one empty bucket, its objects in a
 * temporary folder that goes when it closes: the peer the object-storage tests talk to through the official client.
 */
export async function startS3Peer(bucket = 'atrium-media'): Promise<S3Peer> {
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3peer-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  answerDelimitedListingsLikeS3(server);
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    endpoint,
    bucket,
    config: (opts = {}) => ({
      endpoint, bucket, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: opts.prefix ?? '', forcePathStyle: true, serve: opts.serve ?? 'stream',
    }),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface ListedObject { key: string }
interface Listing { objects: ListedObject[]; commonPrefixes: string[]; isTruncated: boolean }
type ListObjects = (bucket: string, options: { delimiter?: string; prefix?: string; startAfter?: string; maxKeys?: number }) => Promise<Listing>;

/**
 * s3rver 3 leaves out of a delimited listing every prefix that holds only deeper keys (`panoramas/p2/` when all of p2
 * is under `panoramas/p2/v1/`), where S3, MinIO and the rest name it. The media store's delimited listings must be
 * tested against S3's behaviour: the peer groups the full listing itself, as S3 documents ListObjectsV2.
 */
function answerDelimitedListingsLikeS3(server: S3rver): void {
  const store = (server as unknown as { store: { listObjects: ListObjects } }).store;
  const listAll = store.listObjects.bind(store);
  store.listObjects = async (bucketName, options) => {
    const { delimiter, prefix = '', maxKeys = Infinity } = options;
    if (!delimiter) return listAll(bucketName, options);
    const all = await listAll(bucketName, { ...options, delimiter: '', maxKeys: Infinity });
    const commonPrefixes = new Set<string>();
    const objects: ListedObject[] = [];
    let isTruncated = false;
    for (const object of all.objects) {
      const cut = object.key.slice(prefix.length).indexOf(delimiter);
      if (cut !== -1) commonPrefixes.add(object.key.slice(0, prefix.length + cut + delimiter.length));
      else if (objects.length < maxKeys) objects.push(object);
      else isTruncated = true;
    }
    return { objects, commonPrefixes: [...commonPrefixes].sort(), isTruncated };
  };
}
