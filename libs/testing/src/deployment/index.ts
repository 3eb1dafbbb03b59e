/**
 * Deployment checks: the images, the compose file, the Kubernetes and edge configuration against their schemas, the edge
 * as the tests run it.
 */
export * from './compose-checks';
export * from './container-images';
export * from './deployment-schemas';
export * from './deployment-specs';
export * from './edge';
