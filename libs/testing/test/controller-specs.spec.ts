import { Body, Controller, Get, Injectable, Param, ParseIntPipe, Post } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiProperty } from '@nestjs/swagger';
import { JWT_AUTH_OPTIONS, JwtAuthGuard, RequireRole, RolesGuard } from '@platform/auth';
import { COMMON_ERROR_STATUS, exceptionFilterFor, httpConventions, recruitingErrorBody } from '@platform/contracts';
import type { PlatformApp } from '@platform/runtime';
import { IsString, MaxLength } from 'class-validator';
import jwt from 'jsonwebtoken';
import { describeRouteAccess, reaches, startControllerApp, stubIn, stubProvider } from '../src/harness';

const SECRET = 'controller-specs-secret-of-enough-length';

class NoteBody {
  @ApiProperty()
  @IsString()
  @MaxLength(10)
  text!: string;
}

@Injectable()
class NotesService {
  read(_id: number): Promise<unknown> {
    throw new Error('the stub answers');
  }
  add(_text: string): Promise<unknown> {
    throw new Error('the stub answers');
  }
}

@Controller('notes')
class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get(':id')
  read(@Param('id', ParseIntPipe) id: number): Promise<unknown> {
    return this.notes.read(id);
  }

  @Post()
  @RequireRole('admin')
  add(@Body() body: NoteBody): Promise<unknown> {
    return this.notes.add(body.text);
  }
}

const bearer = (role: string) => ({
  authorization: `Bearer ${jwt.sign({ sub: '1', role, type: 'access' }, SECRET, { algorithm: 'HS256' })}`,
});

let app: PlatformApp;

beforeAll(async () => {
  app = await startControllerApp({
    controllers: [NotesController],
    providers: [
      stubProvider(NotesService),
      { provide: JWT_AUTH_OPTIONS, useValue: { secret: SECRET } },
      { provide: APP_GUARD, useClass: JwtAuthGuard },
      { provide: APP_GUARD, useClass: RolesGuard },
      ...httpConventions({ filter: exceptionFilterFor(COMMON_ERROR_STATUS, recruitingErrorBody) }),
    ],
    surface: { openApi: { title: 'notes', description: 'notes' }, errorBody: recruitingErrorBody },
  });
});

afterAll(() => app?.close());

describeRouteAccess(
  {
    app: () => app,
    roles: { order: ['viewer', 'member', 'admin'], headers: bearer },
    unauthenticated: { 'no token': {}, 'a bad token': { authorization: 'Bearer not-a-token' } },
    stubs: [NotesService],
  },
  {
    'GET /notes/:id': {
      method: 'get',
      request: { path: '/notes/7' },
      role: 'viewer',
      status: 200,
      service: reaches(NotesService, 'read', [7], { id: 7 }),
      expectBody: (body) => expect(body).toEqual({ id: 7 }),
      malformed: [{ name: 'an id that is not a number', path: '/notes/seven' }],
    },
    'POST /notes': {
      method: 'post',
      request: { path: '/notes', body: { text: 'hello' } },
      role: 'admin',
      status: 201,
      service: reaches(NotesService, 'add', ['hello']),
      malformed: [
        { name: 'a missing body', body: undefined },
        { name: 'a text too long', body: { text: 'x'.repeat(11) } },
      ],
    },
  },
);

it('keeps the stubs of the app under test', () => {
  expect(jest.isMockFunction(stubIn(app, NotesService).read)).toBe(true);
});
