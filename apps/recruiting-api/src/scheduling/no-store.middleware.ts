import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { ServerResponse } from 'node:http';

/**
 * Public scheduling answers are the candidate's own, reached by a token in the URL: no browser, proxy or CDN may keep
 * them (Cache-Control: no-store), whether they succeed or fail. A middleware, so it runs before the rate-limit guard
 * and the 429s carry it too.
 */
@Injectable()
export class NoStoreMiddleware implements NestMiddleware {
  use(_request: unknown, response: ServerResponse, next: () => void): void {
    response.setHeader('cache-control', 'no-store');
    next();
  }
}
