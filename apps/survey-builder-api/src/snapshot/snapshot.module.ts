import { Module } from '@nestjs/common';
import { SnapshotReadRepository } from './snapshot-read.repository';
import { SnapshotWriteRepository } from './snapshot-write.repository';
import { VersionCopyRepository } from './version-copy.repository';

/** The rows of survey versions (sections, questions, choices, rules): reading, writing, copying whole versions. */
@Module({
  providers: [SnapshotReadRepository, SnapshotWriteRepository, VersionCopyRepository],
  exports: [SnapshotReadRepository, SnapshotWriteRepository, VersionCopyRepository],
})
export class SnapshotModule {}
