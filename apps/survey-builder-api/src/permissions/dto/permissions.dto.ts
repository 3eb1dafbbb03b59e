import { ApiSchema } from '@nestjs/swagger';
import { EnumField, NestedArrayField, TextField, UuidField } from '@platform/contracts';
import { ROLE_TYPES, type RoleType } from '../../domain/model';

@ApiSchema({ description: 'One user’s permission in a permission list.' })
export class PermissionEntryDto {
  @UuidField({ description: 'An existing user' }) userId!: string;
  @TextField({ max: 320, description: 'Accepted, not stored: names come from each user’s own x-user-name', example: '山田 太郎' })
  userName!: string;
  @EnumField(ROLE_TYPES, { description: 'view: read and copy; edit: also change the survey, its versions and permissions' })
  roleType!: RoleType;
}

@ApiSchema({ description: 'A survey’s whole permission list, replacing the stored one.' })
export class ReplacePermissionsDto {
  @NestedArrayField(() => PermissionEntryDto, {
    maxItems: 1000,
    description: 'The whole list; each user once, and a non-administrator must keep their own edit permission',
  })
  permissions!: PermissionEntryDto[];
}
