import { Controller, Delete, Get, Headers, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_CHECK } from '@platform/routing';
import { Public, RawResponse } from '@platform/runtime';
import { EdgeIdentityService } from './edge-identity.service';

/**
 * The identity check the edge calls before every builder request (libs/routing IDENTITY_CHECK): Envoy Gateway's
 * external authorization sends the original method and path under this prefix, Caddy's forward_auth a GET with
 * the original path there too. A 200 carries x-user-email and x-user-name for the edge to set; a refusal is the
 * builder's own 401 body, which the edge passes to the client. Not routed through the edge and not part of the
 * public API, so it is left out of the OpenAPI document (its tests are edge-identity.spec.ts).
 */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller(IDENTITY_CHECK.path.slice(1))
export class EdgeIdentityController {
  constructor(private readonly identity: EdgeIdentityService) {}

  @Get('*')
  get(@Req() request: FastifyRequest, @Headers() headers: Record<string, unknown>, @Res() reply: FastifyReply) {
    return this.check(request, headers, reply);
  }

  @Post('*')
  post(@Req() request: FastifyRequest, @Headers() headers: Record<string, unknown>, @Res() reply: FastifyReply) {
    return this.check(request, headers, reply);
  }

  @Put('*')
  put(@Req() request: FastifyRequest, @Headers() headers: Record<string, unknown>, @Res() reply: FastifyReply) {
    return this.check(request, headers, reply);
  }

  @Patch('*')
  patch(@Req() request: FastifyRequest, @Headers() headers: Record<string, unknown>, @Res() reply: FastifyReply) {
    return this.check(request, headers, reply);
  }

  @Delete('*')
  delete(@Req() request: FastifyRequest, @Headers() headers: Record<string, unknown>, @Res() reply: FastifyReply) {
    return this.check(request, headers, reply);
  }

  private async check(request: FastifyRequest, headers: Record<string, unknown>, reply: FastifyReply): Promise<void> {
    const path = request.url.split('?')[0].slice(IDENTITY_CHECK.path.length) || '/';
    const who = await this.identity.identify({ path, authorization: headers.authorization, apiKey: headers['x-api-key'] });
    reply
      .status(200)
      .header('cache-control', 'no-store')
      .header('x-user-email', who.email)
      .header('x-user-name', encodeURIComponent(who.name))
      .send({ ok: true, data: who });
  }
}
