/**
 * Private services: a FerretDB or another dependency of a test's own, on its own port and state, to stop and restart.
 */
export * from './ferretdb-process';
export * from './private-services';
