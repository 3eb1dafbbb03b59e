export const LIVENESS_PATH = '/health/live';
export const READINESS_PATH = '/health/ready';
