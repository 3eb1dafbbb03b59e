import { type CanActivate, Controller, Get, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { createHttpApp } from './bootstrap';
import { REQUEST_PATH_PIECES, requestPathPieces } from './request-path';

class Refuse implements CanActivate {
  canActivate(): boolean {
    return false;
  }
}

@Controller('thing')
class ThingController {
  @Get()
  thing() {
    return { ok: true };
  }
}

@Module({ controllers: [ThingController], providers: [{ provide: APP_GUARD, useClass: Refuse }] })
class GuardedModule {}

describe('requestPathPieces', () => {
  it('reads a comma-separated list, `all` as every piece, and nothing from an empty one', () => {
    expect([...requestPathPieces('guards, request-log')]).toEqual(['guards', 'request-log']);
    expect([...requestPathPieces('all')]).toEqual([...REQUEST_PATH_PIECES]);
    expect(requestPathPieces('').size).toBe(0);
  });

  it('refuses a name it does not know, rather than measuring the full app under its name', () => {
    expect(() => requestPathPieces('guards,gaurds')).toThrow('unknown request path pieces: gaurds');
  });
});

describe('an app without pieces of its request path (bench:request-path only)', () => {
  const start = async (without?: ReadonlySet<(typeof REQUEST_PATH_PIECES)[number]>) => {
    const lines: string[] = [];
    const app = await createHttpApp(GuardedModule, {
      service: 'request-path-test',
      logLevel: 'info',
      openApi: { title: 'request-path-test', description: 'a guarded route' },
      logDestination: { write: (line: string) => void lines.push(line) },
      without,
    });
    await app.listen(0, '127.0.0.1');
    const url = `${await app.getUrl()}/thing`;
    return { app, lines, get: () => fetch(url) };
  };

  it('runs its global guards and writes its request line with the request id, in full', async () => {
    const { app, lines, get } = await start();
    const res = await get();
    expect(res.status).toBe(403);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ requestId: res.headers.get('x-request-id'), res: { statusCode: 403 } });
    await app.close();
  });

  it('drops the global guards, the request id and the request line when told to', async () => {
    const { app, lines, get } = await start(requestPathPieces('guards,request-id,request-log'));
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeNull();
    expect(lines.filter((l) => l.includes('request completed'))).toEqual([]);
    await app.close();
  });
});
