import pino from 'pino';
import { lazyRequestLogger } from './request-logger';

describe('lazyRequestLogger', () => {
  const setUp = () => {
    const lines: Array<Record<string, unknown>> = [];
    const parent = pino({ level: 'info', base: { service: 's' } }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const child = jest.spyOn(parent, 'child');
    return { lines, parent, child };
  };

  it('makes no pino child for a request that logs nothing', () => {
    const { parent, child } = setUp();
    lazyRequestLogger(parent, { requestId: 'r-1' }, {});
    expect(child).not.toHaveBeenCalled();
  });

  it('makes the child once, on first use, and its lines carry the request id', () => {
    const { lines, parent, child } = setUp();
    const logger = lazyRequestLogger(parent, { requestId: 'r-2' }, {});
    logger.info({ step: 1 }, 'first');
    logger.warn('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, service: 's', requestId: 'r-2', step: 1, msg: 'first' }),
      expect.objectContaining({ level: 40, requestId: 'r-2', msg: 'second' }),
    ]);
    expect(logger.level).toBe('info');
  });

  it('hands out children of the request logger with both bindings', () => {
    const { lines, parent } = setUp();
    lazyRequestLogger(parent, { requestId: 'r-3' }, {}).child({ part: 'upload' }, {}).error('failed');
    expect(lines[0]).toMatchObject({ requestId: 'r-3', part: 'upload', msg: 'failed', level: 50 });
  });
});
