import { isDependencyUnavailable } from './dependency-errors';

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
