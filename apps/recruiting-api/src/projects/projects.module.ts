import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';

/** Recruiting projects (spec: not shown; the contract of issue 8) with their interview length, time zone and scoring rules. */
@Module({
  imports: [RepositoriesModule],
  controllers: [ProjectsController],
  providers: [ProjectsService],
})
export class ProjectsModule {}
