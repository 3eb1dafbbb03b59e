import { Module } from '@nestjs/common';
import { RecruitingCoreModule } from '../core/core.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Users of the platform (spec: not shown; the contract of issue 8): the list and the role change. */
@Module({
  imports: [RecruitingCoreModule],
  controllers: [UsersController],
  providers: [UsersService],
})
export class UsersModule {}
