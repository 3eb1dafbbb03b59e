import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * A request's logger that becomes a pino child (with the request id) only when something logs through it. Fastify makes
 * one per request; most requests never write a line through theirs (the request line is written by the app's own hook),
 * and a pino child costs its bindings' serialization and a new logger object every time.
 */
class LazyRequestLogger {
  private real?: FastifyBaseLogger;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.logger().level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    (this.logger().fatal as (...line: unknown[]) => void)(...args);
  }

  error(...args: unknown[]): void {
    (this.logger().error as (...line: unknown[]) => void)(...args);
  }

  warn(...args: unknown[]): void {
    (this.logger().warn as (...line: unknown[]) => void)(...args);
  }

  info(...args: unknown[]): void {
    (this.logger().info as (...line: unknown[]) => void)(...args);
  }

  debug(...args: unknown[]): void {
    (this.logger().debug as (...line: unknown[]) => void)(...args);
  }

  trace(...args: unknown[]): void {
    (this.logger().trace as (...line: unknown[]) => void)(...args);
  }

  silent(...args: unknown[]): void {
    (this.logger().silent as (...line: unknown[]) => void)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: each request's logger, made a pino child when first used. */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
