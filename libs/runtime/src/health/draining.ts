let draining = false;

/**
 * Marks the process as shutting down. From now on readiness answers 503, so the edge's health checks (and Kubernetes)
 * stop sending it requests while it still serves the ones that arrive (SHUTDOWN_DELAY_MS), before it stops accepting.
 */
export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
