// The floor of a route with a body: bare Nest on Fastify answering POST /api/v1/auth/refresh as recruiting-api does for a
// refresh token it does not know, with none of the platform's request path: Fastify's JSON parser, the same body DTO
// through Nest's own ValidationPipe, the token's digest looked up with the same query through pg, 401 when no row
// names it. Started by bench:request-path with BARE_PORT, DATABASE_URL (a migrated recruiting database) and POOL_SIZE.
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { Body, Controller, HttpCode, Module, Post, UnauthorizedException, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import { RefreshTokenDto } from '../apps/recruiting-api/src/auth/dto/auth.dto';

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  options: '-c search_path=recruiting',
  max: Number(process.env.POOL_SIZE ?? 10),
});

@Controller('api/v1/auth')
class AuthController {
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Body() body: RefreshTokenDto) {
    const tokenHash = createHash('sha256').update(body.refreshToken).digest();
    const found = await pool.query<{ user_id: number }>('SELECT user_id FROM refresh_tokens WHERE token_hash = $1', [tokenHash]);
    if (found.rows.length === 0) throw new UnauthorizedException('The refresh token is invalid, used, revoked or expired');
    return { userId: found.rows[0].user_id };
  }
}

@Module({ controllers: [AuthController] })
class AuthModule {}

async function main() {
  const app = await NestFactory.create(AuthModule, new FastifyAdapter(), { logger: false });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  await app.listen(Number(process.env.BARE_PORT), '127.0.0.1');
  console.log('listening');
  process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
}

void main();
