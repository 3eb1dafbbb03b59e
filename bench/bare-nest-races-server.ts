// The floor of a list route with a token: bare Nest on Fastify answering GET /v1/races as race-content-api does, with
// none of the platform's request path: the same query DTO through Nest's own ValidationPipe, the bearer token verified
// with @nestjs/jwt, the same store calls and the same mapping; JSON.stringify for the answer. Started by
// bench:request-path with BARE_PORT, MONGODB_URI, MONGODB_DB and JWT_SECRET.
import 'reflect-metadata';
import { Controller, Get, Headers, Module, Query, UnauthorizedException, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { MongoClient } from 'mongodb';
import { ArticleStore, RaceStore } from '@platform/race-content-data';
import { pagedOf } from '../apps/race-content-api/src/common/paged';
import { ListRacesQuery } from '../apps/race-content-api/src/races/dto/race.dto';
import { toRaceResponse } from '../apps/race-content-api/src/races/races.mapper';

const env = (name: string) => process.env[name] ?? '';
const client = new MongoClient(env('MONGODB_URI'));
const db = client.db(env('MONGODB_DB'));
const races = new RaceStore(db);
const articles = new ArticleStore(db);
const jwt = new JwtService({ secret: env('JWT_SECRET'), verifyOptions: { algorithms: ['HS256'] } });

@Controller('v1/races')
class RacesController {
  @Get()
  async list(@Headers('authorization') authorization: string | undefined, @Query() query: ListRacesQuery) {
    try {
      jwt.verify(authorization?.replace(/^Bearer /, '') ?? '');
    } catch {
      throw new UnauthorizedException();
    }
    const found = await races.page(query.type, query);
    const statuses = await articles.latestStatusOfRaces(found.docs.map((race) => race._id));
    return pagedOf(query, found, (race) => toRaceResponse(query.type, race, statuses.get(race._id) ?? null));
  }
}

@Module({ controllers: [RacesController] })
class RacesModule {}

async function main() {
  await client.connect();
  const app = await NestFactory.create(RacesModule, new FastifyAdapter(), { logger: false });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  await app.listen(Number(env('BARE_PORT')), '127.0.0.1');
  console.log('listening');
  process.on('SIGTERM', () => void app.close().then(() => client.close().then(() => process.exit(0))));
}

void main();
