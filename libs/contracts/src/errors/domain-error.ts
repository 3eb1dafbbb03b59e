/** One failing input field: a dotted path into the request and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * An error a service raises on purpose, named by a stable machine code. Services never throw HTTP
 * exceptions; each service's exception filter maps codes to statuses.
 */
export class DomainError<C extends string = string> extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: C,
    message: string,
    readonly details?: FieldProblem[],
  ) {
    super(message);
  }
}
