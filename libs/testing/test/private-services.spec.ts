import { connect } from 'amqplib';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';
import { useTestScope } from '../src/harness';
import { startPrivateFerretDb, startPrivatePostgres, startPrivateRabbitMq, startPrivateS3 } from '../src/services';

/** The private dependencies the restart tests stop and start: each keeps its data across a restart. */
describe('private dependencies a test can restart', () => {
  const scope = useTestScope('private_services');

  it('RabbitMQ keeps a quorum queue and its message across a restart', async () => {
    const broker = scope.track('the private RabbitMQ', await startPrivateRabbitMq());
    const before = await connect(broker.url);
    const channel = await before.createConfirmChannel();
    await channel.assertQueue('kept', { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await new Promise<void>((resolve, reject) =>
      channel.sendToQueue('kept', Buffer.from('x'), { persistent: true }, (e) => (e ? reject(e) : resolve())),
    );
    await before.close();
    await broker.stop();
    await expect(connect(broker.url)).rejects.toThrow();
    await broker.start();
    const after = await connect(broker.url);
    expect((await (await after.createChannel()).checkQueue('kept')).messageCount).toBe(1);
    await after.close();
  }, 120_000);

  it('PostgreSQL keeps its rows across a restart', async () => {
    const postgres = scope.track('the private PostgreSQL', await startPrivatePostgres());
    const query = async (text: string) => {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    };
    await query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    await postgres.stop();
    await expect(query('SELECT 1')).rejects.toThrow();
    await postgres.start();
    expect(await query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
  }, 120_000);

  it('FerretDB and the S3 server answer again after a restart', async () => {
    const ferret = scope.track('the private FerretDB', await startPrivateFerretDb());
    const s3 = scope.track('the private S3', await startPrivateS3({ accessKeyId: 'private-key', secretAccessKey: 'private-secret-0123' }));
    for (const service of [ferret, s3]) {
      await service.stop();
      await service.start();
    }
    const mongo = await MongoClient.connect(ferret.url, { serverSelectionTimeoutMS: 5000 });
    await mongo.db('x').collection('y').insertOne({ a: 1 });
    await mongo.close();
    expect((await fetch(s3.url)).status).toBe(403);
  }, 120_000);
});
