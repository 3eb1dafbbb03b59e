import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser, RequireRole } from '@platform/auth';
import { ApiErrorResponses, ApiRecruitingResponse } from '@platform/contracts';
import { Public } from '@platform/runtime';
import { CurrentUserService } from './current-user.service';
import { RefreshTokenDto } from './dto/auth.dto';
import { TokensService } from './tokens.service';
import { UserResponse } from '../shared-dto/user.response';
import { MessageResponse, TokenPairResponse } from './dto/auth.response';

@ApiTags('Login and tokens')
@Controller('api/v1/auth')
export class AuthController {
  constructor(
    private readonly tokens: TokensService,
    private readonly users: CurrentUserService,
  ) {}

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'refreshToken',
    summary: 'Exchange a refresh token',
    description:
      'No bearer token: the refresh token in the body authenticates. It is used up and replaced; presenting a used one again ' +
      'revokes every token of its login (theft detection).',
  })
  @ApiRecruitingResponse(200, TokenPairResponse, 'A new access token and the next refresh token')
  @ApiErrorResponses({ 400: 'A malformed body', 401: 'The refresh token is invalid, used, revoked or expired' })
  refresh(@Body() body: RefreshTokenDto): Promise<TokenPairResponse> {
    return this.tokens.refresh(body.refreshToken);
  }

  @Post('logout')
  @RequireRole('viewer')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'logout',
    summary: 'Sign out',
    description: "Any role. Revokes the caller's refresh tokens; access tokens stay valid until they expire.",
  })
  @ApiRecruitingResponse(200, MessageResponse, 'Signed out')
  async logout(@CurrentUser() user: AuthenticatedUser): Promise<MessageResponse> {
    await this.tokens.logout(user.id);
    return { message: 'Logged out' };
  }

  @Get('me')
  @ApiOperation({ operationId: 'getMe', summary: 'The signed-in user', description: 'Any role.' })
  @ApiRecruitingResponse(200, UserResponse, 'The User the access token belongs to')
  me(@CurrentUser() user: AuthenticatedUser): Promise<UserResponse> {
    return this.users.get(user.id);
  }
}
