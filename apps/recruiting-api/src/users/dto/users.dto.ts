import { ApiSchema } from '@nestjs/swagger';
import { ROLES } from '@platform/auth';
import { EnumField, IntField, TextField } from '@platform/contracts';

export class ListUsersQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true, description: 'The page to read, from 1' }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Users per page' }) limit = 20;
  @EnumField(ROLES, { optional: true, description: 'Only users with this role' }) role?: (typeof ROLES)[number];
  @TextField({ optional: true, max: 255, description: 'Partial match on name or email, case-insensitive', example: '山田' })
  search?: string;
}

export class UserIdParam {
  @IntField({ min: 1, max: 2_147_483_647, fromText: true, description: 'The user id', example: 7 }) userId!: number;
}

@ApiSchema({ description: "The body of PATCH /users/{userId}: the user's new role." })
export class UpdateUserRoleDto {
  @EnumField(ROLES, {
    description: 'The new role: viewer reads; member also creates and changes; admin also changes roles and deletes projects',
    example: 'member',
  })
  role!: (typeof ROLES)[number];
}
