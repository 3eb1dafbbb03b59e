import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AmqpConnection } from './amqp-connection';
import { ConsumerHost } from './consumer-host';
import { MESSAGING_OPTIONS, type MessagingOptions, resolveMessagingOptions } from './messaging.options';
import { QueuePublisher } from './queue-publisher';
import { QueueStats } from './queue-stats';

/**
 * RabbitMQ for an app: the connection, the publisher, and the host that runs every QueueConsumer
 * provider the app declares. Global, so feature modules inject QueuePublisher without importing it.
 */
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: resolveMessagingOptions(options) },
        AmqpConnection,
        QueuePublisher,
        ConsumerHost,
        QueueStats,
      ],
      exports: [AmqpConnection, QueuePublisher, QueueStats, MESSAGING_OPTIONS],
    };
  }
}
