import type { Pagination } from './pagination';

/** Recruiting's success envelope (every route but public scheduling). */
export interface RecruitingEnvelope<T> {
  success: true;
  status: 'success';
  statusCode: number;
  data: T;
  pagination?: Pagination;
  path: string;
  method: string;
  timestamp: string;
}

/** Public scheduling answers only `{data}`. */
export interface PublicEnvelope<T> {
  data: T;
}

/** Survey builder's success envelope. */
export interface BuilderEnvelope<T> {
  ok: true;
  data: T;
}

/** A survey builder success, enveloped (the envelope interceptor's, and a route's that prepares its answer itself). */
export const builderEnvelope = <T>(data: T): BuilderEnvelope<T> => ({ ok: true, data });
