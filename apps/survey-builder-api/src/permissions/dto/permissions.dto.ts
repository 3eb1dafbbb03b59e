import { EnumField, NestedArrayField, TextField, UuidField } from '@platform/contracts';
import { ROLE_TYPES, type RoleType } from '../../domain/model';

export class PermissionEntryDto {
  @UuidField({ description: 'An existing user' }) userId!: string;
  @TextField({ max: 320, description: 'Accepted, not stored: names come from each user’s own x-user-name' }) userName!: string;
  @EnumField(ROLE_TYPES) roleType!: RoleType;
}

export class ReplacePermissionsDto {
  @NestedArrayField(() => PermissionEntryDto, { maxItems: 1000, description: 'The whole list' }) permissions!: PermissionEntryDto[];
}
