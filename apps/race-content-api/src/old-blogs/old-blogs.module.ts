import { Module } from '@nestjs/common';
import { OldBlogsController } from './old-blogs.controller';
import { OldBlogsRepository } from './old-blogs.repository';
import { OldBlogsService } from './old-blogs.service';

/** Past blogs with their embeddings (spec 4.6). */
@Module({ controllers: [OldBlogsController], providers: [OldBlogsService, OldBlogsRepository], exports: [OldBlogsRepository] })
export class OldBlogsModule {}
