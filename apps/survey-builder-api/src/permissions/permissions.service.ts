import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { validationError } from '@platform/contracts';
import { SurveyAccess } from '../access/survey-access';
import { BuilderError } from '../builder-error';
import type { Actor } from '../identity/actor';
import { UsersRepository } from '../identity/users.repository';
import type { ReplacePermissionsDto } from './permissions.dto';
import { PermissionsRepository } from './permissions.repository';

@Injectable()
export class PermissionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: SurveyAccess,
    private readonly permissions: PermissionsRepository,
    private readonly users: UsersRepository,
  ) {}

  async list(actor: Actor, surveyId: string) {
    const manager = this.dataSource.manager;
    await this.access.forView(manager, actor, surveyId);
    return this.permissions.list(manager, surveyId);
  }

  /**
   * The list sent becomes the whole list (spec 4.5). Every user must exist, and a non-administrator must
   * keep their own edit permission; either failure refuses the whole update, told apart by code and text.
   */
  async replace(actor: Actor, surveyId: string, dto: ReplacePermissionsDto) {
    return this.dataSource.transaction(async (manager) => {
      await this.access.forEdit(manager, actor, surveyId);
      const ids = dto.permissions.map((p) => p.userId);
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      if (repeated.length) throw validationError([{ field: 'permissions', message: `userId ${repeated[0]} appears more than once` }]);
      const known = new Set((await this.users.existing(manager, ids)).map((u) => u.id));
      const missing = ids.find((id) => !known.has(id));
      if (missing) throw new BuilderError('USER_NOT_FOUND', `User ${missing} does not exist`);
      if (!actor.isAdmin && !dto.permissions.some((p) => p.userId === actor.id && p.roleType === 'edit')) {
        throw new BuilderError('OWN_EDIT_PERMISSION_REQUIRED', 'The list must keep your own edit permission');
      }
      await this.permissions.replace(manager, surveyId, dto.permissions);
      return this.permissions.list(manager, surveyId);
    });
  }
}
