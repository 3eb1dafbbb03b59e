import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Users of the platform (spec: not shown; the contract of issue 8): the list and the role change. */
@Module({
  imports: [RepositoriesModule],
  controllers: [UsersController],
  providers: [UsersService],
})
export class UsersModule {}
