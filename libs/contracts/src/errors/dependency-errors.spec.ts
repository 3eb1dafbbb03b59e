import { isDependencyBusy, isDependencyUnavailable } from './dependency-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it('recognises a store or broker that is not answering, also wrapped', () => {
    expect(isDependencyUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDependencyUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDependencyUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDependencyUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('x'), { name: 'MongoServerSelectionError' }))).toBe(true);
    const typeorm = Object.assign(new Error('query failed'), { driverError: withCode('Connection terminated', '08006') });
    expect(isDependencyUnavailable(typeorm)).toBe(true);
    expect(isDependencyUnavailable(new Error('outer', { cause: withCode('reset', 'ECONNRESET') }))).toBe(true);
    expect(isDependencyUnavailable(new AggregateError([withCode('refused', 'ECONNREFUSED')]))).toBe(true);
    const sdkWrapped = new Error('outer', { cause: new Error('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9000') });
    expect(isDependencyUnavailable(sdkWrapped)).toBe(true);
  });

  it('leaves everything else alone: constraint violations, bugs, non-errors', () => {
    expect(isDependencyUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable(Object.assign(new Error('E11000 duplicate key'), { name: 'MongoServerError', code: 11000 }))).toBe(
      false,
    );
    expect(isDependencyUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDependencyUnavailable(new Error('The name "connect ECONNREFUSED" is taken'))).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
  });
});

describe('isDependencyBusy', () => {
  const poolWait = () => new Error('timeout exceeded when trying to connect');
  const busy = () => Object.assign(new Error('waited over 15000 ms for a turn at the survey'), { name: 'DatabaseBusyError' });

  it("recognises a wait for a turn past its bound: pg-pool's wait for a free connection and the apps' own waits", () => {
    expect(isDependencyBusy(poolWait())).toBe(true);
    expect(isDependencyBusy(busy())).toBe(true);
    expect(isDependencyBusy(new Error('query failed', { cause: poolWait() }))).toBe(true);
    // Either is a kind of unavailable: 503 with Retry-After, and a worker's job is retried as through an outage.
    expect(isDependencyUnavailable(poolWait())).toBe(true);
    expect(isDependencyUnavailable(busy())).toBe(true);
  });

  it('is not an outage that refused or dropped the connection, nor anything else', () => {
    expect(isDependencyBusy(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(false);
    expect(isDependencyBusy(new Error('Connection terminated due to connection timeout'))).toBe(false);
    expect(isDependencyBusy(new Error('timeout expired'))).toBe(false);
    expect(isDependencyBusy(new Error('Some timeout exceeded when trying to connect to a partner'))).toBe(false);
    expect(isDependencyBusy(undefined)).toBe(false);
  });

  it("counts pg's own connection timeout (a database that does not answer) as unavailable", () => {
    expect(isDependencyUnavailable(new Error('timeout expired'))).toBe(true);
  });
});
