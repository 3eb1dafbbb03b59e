import { ROLES } from '@platform/auth';
import { EnumField, IntField, TextField } from '@platform/contracts';

export class ListUsersQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true }) limit = 20;
  @EnumField(ROLES, { optional: true, description: 'Only users with this role' }) role?: (typeof ROLES)[number];
  @TextField({ optional: true, max: 255, description: 'Partial match on name or email, case-insensitive' }) search?: string;
}

export class UserIdParam {
  @IntField({ min: 1, max: 2_147_483_647, fromText: true }) userId!: number;
}

export class UpdateUserRoleDto {
  @EnumField(ROLES, { description: 'The new role' }) role!: (typeof ROLES)[number];
}
