import { Module } from '@nestjs/common';
import { ManifestReader } from './manifest-reader';

/** Result manifests in S3 (schema v1). */
@Module({ providers: [ManifestReader], exports: [ManifestReader] })
export class ManifestsModule {}
