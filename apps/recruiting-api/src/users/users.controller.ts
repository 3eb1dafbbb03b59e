import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireRole } from '@platform/auth';
import { ApiErrorResponses, ApiRecruitingResponse, type PaginatedResult } from '@platform/contracts';
import { ListUsersQuery, UpdateUserRoleDto, UserIdParam } from './dto/users.dto';
import { UsersService } from './users.service';
import { UserResponse } from '../shared-dto/user.response';

@ApiTags('Users')
@Controller('api/v1/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listUsers',
    summary: 'List users',
    description: 'Viewer and above; ordered by id, filtered by role and a name or email fragment.',
  })
  @ApiRecruitingResponse(200, [UserResponse], 'A page of users', { paginated: true })
  @ApiErrorResponses({ 400: 'A malformed query' })
  list(@Query() query: ListUsersQuery): Promise<PaginatedResult<UserResponse>> {
    return this.users.list(query);
  }

  @Patch(':userId')
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'changeUserRole',
    summary: "Change a user's role",
    description:
      "Administrators only. The user's access tokens signed before the change stop working within seconds at every app; " +
      'a refresh gives one with the new role.',
  })
  @ApiRecruitingResponse(200, UserResponse, 'The user with the new role')
  @ApiErrorResponses({
    403: 'The caller is not an administrator',
    404: 'The user does not exist',
    409: 'The last administrator cannot be demoted',
    503: 'The change cannot be made known to the other apps now (their token check): nothing changed',
  })
  changeRole(@Param() { userId }: UserIdParam, @Body() body: UpdateUserRoleDto): Promise<UserResponse> {
    return this.users.changeRole(userId, body.role);
  }
}
