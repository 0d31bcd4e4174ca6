import path from 'node:path';
import type { Config } from '../config/config.js';
import { LocalDiskStore } from './local-disk-store.js';
import type { ObjectStore } from './object-store.js';
import { S3Store } from './s3-store.js';

type StoreConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The store the environment chooses: a bucket when `S3_BUCKET` is set, else the local disk. */
export function createObjectStore(config: StoreConfig): ObjectStore {
  if (!config.S3_BUCKET) return new LocalDiskStore(path.join(config.DATA_DIR, 'objects'));
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return new S3Store({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    // Both or neither (`loadConfig`); neither, the AWS SDK's own credential chain.
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}
