import { Controller, Get, HttpStatus, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, type ApiQueryOptions, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '@platform/contracts';
import { Public } from '@platform/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginConfig } from '../config';
import { browserKeyOf, clearedLoginCookie, LOGIN_COOKIE, loginCookie } from './login-cookie';
import { LOGIN_CONFIG, LoginService } from './login.service';

const rawQueryOf = (url: string): string => {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index + 1);
};

const COOKIE_DESCRIPTION =
  `${LOGIN_COOKIE}=<random key>; Max-Age=600; Path=<the callback's path>; HttpOnly; SameSite=Lax; Secure when the ` +
  "callback is an HTTPS address. Binds the login's state to this browser: the callback fails without it.";

/** The browser's side of the login: both routes answer redirects, never JSON, except a callback without a code. */
@ApiTags('Login and tokens')
@Controller('api/v1/auth/idp')
@Public()
export class LoginController {
  constructor(
    private readonly login: LoginService,
    @Inject(LOGIN_CONFIG) private readonly config: LoginConfig,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'startLogin',
    summary: 'Start a login',
    description:
      'Redirects to the identity provider (authorization code with state, nonce and PKCE S256, kept server-side for ten minutes, ' +
      `one use) and sets the cookie ${LOGIN_COOKIE}, which the callback requires: the login finishes only in the browser that ` +
      'started it.',
  })
  @ApiResponse({
    status: 302,
    description: "Redirect to the identity provider's sign-in; no body",
    headers: { 'Set-Cookie': { description: COOKIE_DESCRIPTION, schema: { type: 'string' } } },
  })
  @ApiErrorResponses({ 503: 'Login is not configured or the identity provider cannot be reached' })
  async start(@Res() reply: FastifyReply): Promise<void> {
    const { url, browserKey } = await this.login.start();
    await reply.header('set-cookie', loginCookie(this.config, browserKey)).redirect(url, HttpStatus.FOUND);
  }

  @Get('callback')
  @ApiOperation({
    operationId: 'finishLogin',
    summary: 'Finish a login',
    description:
      "The provider's redirect back. On success 302 to {FRONTEND_URL}/login?token=<access token>#refreshToken=<refresh token>; " +
      'on any failure (an error from the provider, a bad, used, expired or foreign state, a state started in another browser ' +
      `(no or another ${LOGIN_COOKIE} cookie), a failed code exchange) 302 to {FRONTEND_URL}/login?error=auth_failed. Either ` +
      'way the cookie is cleared. Further parameters the provider adds (iss, session_state, ...) are accepted.',
  })
  // A cookie parameter: @nestjs/swagger has no decorator of its own for one, ApiQuery's options are spread last.
  @ApiQuery({
    name: LOGIN_COOKIE,
    in: 'cookie',
    required: false,
    description: 'The key GET /api/v1/auth/idp set in this browser; without it the login fails (auth_failed).',
    schema: { type: 'string', maxLength: 128 },
  } as ApiQueryOptions)
  @ApiQuery({ name: 'code', required: true, schema: { type: 'string', minLength: 1, maxLength: 2048 } })
  @ApiQuery({ name: 'state', required: false, schema: { type: 'string', maxLength: 128 } })
  @ApiResponse({
    status: 302,
    description: 'Redirect to the front end with the token or with error=auth_failed; no body',
    headers: { 'Set-Cookie': { description: `${LOGIN_COOKIE} cleared (Max-Age=0)`, schema: { type: 'string' } } },
  })
  @ApiErrorResponses({ 400: 'code is missing or malformed' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const target = await this.login.finish(
      request.query as Record<string, unknown>,
      rawQueryOf(request.url),
      browserKeyOf(request.headers.cookie),
    );
    await reply.header('set-cookie', clearedLoginCookie(this.config)).redirect(target, HttpStatus.FOUND);
  }
}
