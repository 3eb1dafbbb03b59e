import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '@platform/auth';
import { ApiRecruitingResponse } from '@platform/contracts';
import { UserResponse } from '../users/dto/users.dto';
import { UsersService } from '../users/users.service';

@ApiTags('auth')
@Controller('api/v1/auth')
export class MeController {
  constructor(private readonly users: UsersService) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user', description: 'Any role.' })
  @ApiRecruitingResponse(200, UserResponse, 'The User the access token belongs to')
  me(@CurrentUser() user: AuthenticatedUser): Promise<UserResponse> {
    return this.users.get(user.id);
  }
}
