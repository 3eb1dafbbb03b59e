import { Controller, Get, HttpStatus, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '@platform/contracts';
import { Public } from '@platform/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginService } from './login.service';

const rawQueryOf = (url: string): string => {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index + 1);
};

/** The browser's side of the login: both routes answer redirects, never JSON, except a callback without a code. */
@ApiTags('Login and tokens')
@Controller('api/v1/auth/idp')
@Public()
export class LoginController {
  constructor(private readonly login: LoginService) {}

  @Get()
  @ApiOperation({
    operationId: 'startLogin',
    summary: 'Start a login',
    description:
      'Redirects to the identity provider (authorization code with state, nonce and PKCE S256, kept server-side for ten minutes, one use).',
  })
  @ApiResponse({ status: 302, description: "Redirect to the identity provider's sign-in; no body" })
  @ApiErrorResponses({ 503: 'Login is not configured or the identity provider cannot be reached' })
  async start(@Res() reply: FastifyReply): Promise<void> {
    await reply.redirect(await this.login.start(), HttpStatus.FOUND);
  }

  @Get('callback')
  @ApiOperation({
    operationId: 'finishLogin',
    summary: 'Finish a login',
    description:
      "The provider's redirect back. On success 302 to {FRONTEND_URL}/login?token=<access token>#refreshToken=<refresh token>; " +
      'on any failure (an error from the provider, a bad, used, expired or foreign state, a failed code exchange) 302 to ' +
      '{FRONTEND_URL}/login?error=auth_failed. Further parameters the provider adds (iss, session_state, ...) are accepted.',
  })
  @ApiQuery({ name: 'code', required: true, schema: { type: 'string', minLength: 1, maxLength: 2048 } })
  @ApiQuery({ name: 'state', required: false, schema: { type: 'string', maxLength: 128 } })
  @ApiResponse({ status: 302, description: 'Redirect to the front end with the token or with error=auth_failed; no body' })
  @ApiErrorResponses({ 400: 'code is missing or malformed' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const target = await this.login.finish(request.query as Record<string, unknown>, rawQueryOf(request.url));
    await reply.redirect(target, HttpStatus.FOUND);
  }
}
