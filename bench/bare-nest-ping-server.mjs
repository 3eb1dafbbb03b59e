// The framework's own floor: Nest on Fastify with nothing of the platform's (no hooks, guards, pipes, logging,
// metrics), answering GET /v1/ping with the same JSON. Decorators are applied as functions (plain JavaScript).
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

class PingController {
  ping() {
    return { message: 'pong' };
  }
}
Get()(PingController.prototype, 'ping', Object.getOwnPropertyDescriptor(PingController.prototype, 'ping'));
Controller('v1/ping')(PingController);
class PingModule {}
Module({ controllers: [PingController] })(PingModule);

const app = await NestFactory.create(PingModule, new FastifyAdapter(), { logger: false });
await app.listen(Number(process.argv[2] ?? process.env.BARE_PORT), '127.0.0.1');
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
