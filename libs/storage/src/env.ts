import { z } from 'zod';
import { env } from '@platform/runtime';
import type { StorageModuleOptions } from './storage.module';

export const storageEnv = z.object({
  /** Unset for AWS S3; the local S3 server's URL otherwise. */
  S3_ENDPOINT: env.url(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a valid S3 bucket name' }),
  S3_ACCESS_KEY_ID: env.text(),
  S3_SECRET_ACCESS_KEY: env.text(),
  S3_FORCE_PATH_STYLE: env.flag(true),
  S3_CREATE_BUCKET: env.flag(false),
});

export function storageOptionsFrom(e: z.infer<typeof storageEnv>): StorageModuleOptions {
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    createBucket: e.S3_CREATE_BUCKET,
  };
}
