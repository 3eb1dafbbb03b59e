import type { Config } from 'jest';

/** One Jest run over every project: `npx jest -c jest.config.ts` (or `--selectProjects <name>`). */
const config: Config = {
  projects: [
    '<rootDir>/apps/*/jest.config.ts',
    '<rootDir>/libs/*/jest.config.ts',
    '<rootDir>/bench/jest.config.ts',
    '<rootDir>/docker/jest.config.ts',
    '<rootDir>/scripts/jest.config.ts',
  ],
  // Global in Jest (a project's own value applies only when that project runs alone).
  testTimeout: 30_000,
  // Every test file loads Nest, TypeORM, the AWS SDK and the MongoDB driver into a module registry of its own,
  // and Jest keeps a transform cache per project, so a worker that ran 30 files holds about 1 GB. Nothing is
  // left open, but freeing such a heap at exit takes Node longer than Jest's 500 ms, and Jest then reports
  // "a worker process has failed to exit gracefully" and kills it. A worker above this size after a file is
  // replaced instead: workers stay small, exit in about 0.3 s, and the run is faster (docs/decisions.md).
  workerIdleMemoryLimit: '512MB',
  // On a loaded machine even that teardown can pass 500 ms. A worker that really hangs (an open handle keeps
  // it alive for good) is still killed and reported, after 3 s.
  workerGracefulExitTimeout: 3000,
};

export default config;
