import { Injectable } from '@nestjs/common';
import { validationError } from '@platform/contracts';
import { BuilderError } from '../builder.errors';
import { BuilderDb } from '../database/builder-db';
import type { Actor } from '../identity/actor';
import { UsersRepository } from '../identity/users.repository';
import type { PermissionResponse } from '../survey-core/dto/survey.response';
import { PermissionRepository } from '../survey-core/permission.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { permissionResponse } from '../survey-core/survey.mapper';
import type { ReplacePermissionsDto } from './dto/permissions.dto';
import { SurveyWrites } from '../survey-core/survey-writes.service';

@Injectable()
export class PermissionsService {
  constructor(
    private readonly db: BuilderDb,
    private readonly writes: SurveyWrites,
    private readonly access: SurveyAccessService,
    private readonly permissions: PermissionRepository,
    private readonly users: UsersRepository,
  ) {}

  async list(actor: Actor, surveyId: string): Promise<PermissionResponse[]> {
    await this.access.forView(this.db, actor, surveyId);
    return (await this.permissions.list(this.db, surveyId)).map(permissionResponse);
  }

  /**
   * The list sent becomes the whole list (`replaceSurveyPermissions`). Every user must exist, and a non-administrator must
   * keep their own edit permission; either failure refuses the whole update, told apart by code and text.
   */
  async replace(actor: Actor, surveyId: string, dto: ReplacePermissionsDto): Promise<PermissionResponse[]> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      await this.access.forEdit(trx, actor, surveyId);
      const ids = dto.permissions.map((p) => p.userId);
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      if (repeated.length) throw validationError([{ field: 'permissions', message: `userId ${repeated[0]} appears more than once` }]);
      const known = new Set((await this.users.existing(trx, ids)).map((u) => u.id));
      const missing = ids.find((id) => !known.has(id));
      if (missing) throw new BuilderError('USER_NOT_FOUND', `User ${missing} does not exist`);
      if (!actor.isAdmin && !dto.permissions.some((p) => p.userId === actor.id && p.roleType === 'edit')) {
        throw new BuilderError('OWN_EDIT_PERMISSION_REQUIRED', 'The list must keep your own edit permission');
      }
      await this.permissions.replace(trx, surveyId, dto.permissions);
      return (await this.permissions.list(trx, surveyId)).map(permissionResponse);
    });
  }
}
