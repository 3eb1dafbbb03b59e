import { Module } from '@nestjs/common';
import { UsersModule } from '../identity/users.module';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { PermissionsController } from './permissions.controller';
import { PermissionsService } from './permissions.service';

/** Per-survey view and edit permissions (the Permissions operations of docs/openapi/survey-builder-api.json). */
@Module({
  imports: [SurveyCoreModule, UsersModule],
  controllers: [PermissionsController],
  providers: [PermissionsService],
})
export class PermissionsModule {}
