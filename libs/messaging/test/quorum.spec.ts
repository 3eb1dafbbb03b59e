import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Channel, type ChannelModel, connect } from 'amqplib';
import { IsString } from 'class-validator';
import { testServices, useTestScope, waitFor } from '@platform/testing/harness';
import { defineQueue, MessagingModule, queueArguments, topologyOf } from '../src';

class Job {
  @IsString() id!: string;
}

/** Opens a context of the messaging module for these queues (as an app does at start). */
async function startApp(queues: ReturnType<typeof defineQueue>[], queuePrefix: string, maxAttempts = 3): Promise<INestApplicationContext> {
  @Module({ imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues, queuePrefix, maxAttempts, retryDelayMs: 100 })] })
  class AppModule {}
  return NestFactory.createApplicationContext(AppModule, { logger: false });
}

/** The broker's answer to declaring `name` with other arguments: undefined when it accepts them, else its message. */
async function refusal(connection: ChannelModel, name: string, args: Record<string, unknown>): Promise<string | undefined> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.assertQueue(name, { durable: true, arguments: args });
    await channel.close();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('quorum queues against the real RabbitMQ', () => {
  const scope = useTestScope('quorum');
  let inspector: ChannelModel;
  let inspect: Channel;

  beforeAll(async () => {
    inspector = scope.track('the inspecting connection', await connect(testServices.amqpUrl));
    inspect = await inspector.createChannel();
  });

  const depth = async (queue: string) => (await inspect.checkQueue(queue)).messageCount;

  it('declares the main, retry and dead-letter queues as quorum queues, the main one with the retry policy as its delivery limit', async () => {
    const queue = defineQueue('quorum-declare', Job);
    const prefix = scope.queuePrefix([queue], 'declare');
    scope.track('the app', await startApp([queue], prefix, 3));
    const t = topologyOf(queue, prefix);
    const declared = (name: string) =>
      queueArguments(queue, { queuePrefix: prefix, maxAttempts: 3, retryDelayMs: 100 }).find(([n]) => n === name)![1]!;
    for (const name of [t.main, t.retry, t.dead]) {
      // The same declaration as a classic queue is refused: the queue is a quorum queue.
      expect(await refusal(inspector, name, { ...declared(name), 'x-queue-type': 'classic' })).toMatch(/inequivalent arg 'x-queue-type'/);
      expect(await refusal(inspector, name, declared(name))).toBeUndefined();
    }
    // Three deliveries in all (two returns), the retry policy's three attempts.
    expect(declared(t.main)['x-delivery-limit']).toBe(2);
    expect(await refusal(inspector, t.main, { ...declared(t.main), 'x-delivery-limit': 99 })).toMatch(/x-delivery-limit/);
  });

  it('dead-letters a job whose consumer dies before settling it, once it was delivered as often as the retry policy allows', async () => {
    const queue = defineQueue('quorum-poison', Job);
    const prefix = scope.queuePrefix([queue], 'poison');
    scope.track('the app', await startApp([queue], prefix, 3));
    const t = topologyOf(queue, prefix);
    inspect.sendToQueue(t.main, Buffer.from('{"id":"crashes-its-consumer"}'), { persistent: true, messageId: 'poison-1' });
    let deliveries = 0;
    // Each delivery is taken and never settled: the consumer's channel closes, as when its process dies mid-job.
    for (let i = 0; i < 6; i++) {
      const consumer = await inspector.createChannel();
      const message = await waitFor(async () => (await consumer.get(t.main, { noAck: false })) || (deliveries >= 3 ? null : undefined), {
        what: 'a delivery',
      });
      await consumer.close();
      if (!message) break;
      deliveries++;
    }
    expect(deliveries).toBe(3);
    const dead = await waitFor(async () => (await inspect.get(t.dead, { noAck: true })) || undefined, { what: 'the dead letter' });
    expect(dead.properties.messageId).toBe('poison-1');
  });

  it('moves the classic queues of an earlier version to quorum queues, waiting messages kept, with two apps starting at once', async () => {
    const queue = defineQueue('quorum-migrate', Job);
    const prefix = scope.queuePrefix([queue], 'migrate');
    const t = topologyOf(queue, prefix);
    // The topology as the earlier version declared it: classic queues, with jobs waiting in each.
    await inspect.assertQueue(t.dead, { durable: true });
    await inspect.assertQueue(t.main, { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': t.dead } });
    await inspect.assertQueue(t.retry, { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': t.main } });
    const send = (to: string, id: string, expiration?: string) =>
      inspect.sendToQueue(to, Buffer.from(JSON.stringify({ id })), {
        persistent: true,
        messageId: id,
        headers: { 'x-attempt': 2 },
        expiration,
      });
    for (const id of ['a', 'b', 'c']) send(t.main, id);
    send(t.retry, 'r', '600000');
    for (const id of ['x', 'y']) send(t.dead, id);
    await waitFor(async () => ((await depth(t.main)) === 3 && (await depth(t.dead)) === 2 ? true : undefined), {
      what: 'the old queues filled',
    });

    const apps = await Promise.all([startApp([queue], prefix), startApp([queue], prefix)]);
    for (const app of apps) scope.track('an app', app);
    for (const [name, args] of queueArguments(queue, { queuePrefix: prefix, maxAttempts: 3, retryDelayMs: 100 })) {
      expect(await refusal(inspector, name, { ...args, 'x-queue-type': 'classic' })).toMatch(/inequivalent arg 'x-queue-type'/);
    }
    // The retry job is back on its way (its delay starts again) and reaches the queue; nothing is lost or doubled.
    const ids = async (name: string) => {
      const seen: string[] = [];
      for (let message; (message = await inspect.get(name, { noAck: true }));) seen.push(String(message.properties.messageId));
      return seen.sort();
    };
    await waitFor(async () => ((await depth(t.main)) === 4 ? true : undefined), { what: 'the retried job back in its queue' });
    expect(await ids(t.main)).toEqual(['a', 'b', 'c', 'r']);
    expect(await ids(t.dead)).toEqual(['x', 'y']);
    for (const name of [`${t.main}.migrating`, `${t.retry}.migrating`, `${t.dead}.migrating`]) {
      const channel = await inspector.createChannel();
      channel.on('error', () => undefined);
      await expect(channel.checkQueue(name)).rejects.toThrow(/NOT_FOUND/);
    }
  });

  it('finishes a migration cut short: what the holding queue kept goes back into its queue at the next start', async () => {
    const queue = defineQueue('quorum-interrupted', Job);
    const prefix = scope.queuePrefix([queue], 'interrupted');
    const t = topologyOf(queue, prefix);
    await inspect.assertQueue(`${t.main}.migrating`, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    for (const id of ['kept-1', 'kept-2'])
      inspect.sendToQueue(`${t.main}.migrating`, Buffer.from('{}'), { persistent: true, messageId: id });
    await waitFor(async () => ((await depth(`${t.main}.migrating`)) === 2 ? true : undefined), { what: 'the holding queue filled' });
    const apps = await Promise.all([startApp([queue], prefix), startApp([queue], prefix)]);
    for (const app of apps) scope.track('an app', app);
    await waitFor(async () => ((await depth(t.main)) === 2 ? true : undefined), { what: 'the kept jobs back in their queue' });
    const channel = await inspector.createChannel();
    channel.on('error', () => undefined);
    await expect(channel.checkQueue(`${t.main}.migrating`)).rejects.toThrow(/NOT_FOUND/);
  });
});
