import { Injectable, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, type Channel } from 'amqplib';
import { IsNotEmpty, IsString } from 'class-validator';
import { testServices, useTestScope, waitFor } from '@platform/testing/harness';
import { MessagingModule, QueueConsumer, QueuePublisher, defineQueue, topologyOf } from '../src';

class HeaderJob {
  @IsString() @IsNotEmpty() id!: string;
}

const HEADER_QUEUE = defineQueue('trace-headers-test', HeaderJob);

@Injectable()
class FailingConsumer extends QueueConsumer<HeaderJob> {
  readonly queue = HEADER_QUEUE;
  async handle(): Promise<void> {
    throw new Error('always fails');
  }
}

/**
 * With tracing off (no SDK registered: the OpenTelemetry API is a no-op), the messaging lib writes no trace headers of
 * its own, and a trace context that arrived with a message travels on unchanged through every retry to the dead letters.
 */
describe('trace headers with tracing off', () => {
  const scope = useTestScope('msghdr');
  const prefix = scope.queuePrefix([HEADER_QUEUE]);
  const topology = topologyOf(HEADER_QUEUE, prefix);
  let app: INestApplicationContext;
  let inspect: Channel;

  beforeAll(async () => {
    @Module({
      imports: [
        MessagingModule.forRoot({
          url: testServices.amqpUrl,
          queues: [HEADER_QUEUE],
          queuePrefix: prefix,
          maxAttempts: 2,
          retryDelayMs: 50,
        }),
      ],
      providers: [FailingConsumer],
    })
    class HeaderModule {}
    app = scope.track('the app', await NestFactory.createApplicationContext(HeaderModule, { logger: false }));
    await app.init();
    inspect = await scope.track('the inspecting connection', await connect(testServices.amqpUrl)).createChannel();
  });

  const deadLetter = () =>
    waitFor(async () => (await inspect.get(topology.dead, { noAck: true })) || undefined, { what: 'the dead letter' });

  it('keeps the publisher’s traceparent and tracestate through the retries', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    inspect.sendToQueue(topology.main, Buffer.from(JSON.stringify({ id: 'traced' })), {
      messageId: 'traced-job',
      contentType: 'application/json',
      headers: { 'x-attempt': 1, traceparent, tracestate: 'vendor=1' },
    });
    const dead = await deadLetter();
    expect(dead.properties.headers).toMatchObject({ 'x-attempt': 2, traceparent, tracestate: 'vendor=1' });
  });

  it('adds no trace header to what it publishes', async () => {
    await app.get(QueuePublisher).publish(HEADER_QUEUE, { id: 'untraced' });
    const dead = await deadLetter();
    expect(dead.properties.headers).toMatchObject({ 'x-attempt': 2 });
    expect(Object.keys(dead.properties.headers ?? {}).filter((name) => !name.startsWith('x-'))).toEqual([]);
  });
});
