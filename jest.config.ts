import type { Config } from 'jest';

/** One Jest run over every project: `npx jest -c jest.config.ts` (or `--selectProjects <name>`). */
const config: Config = {
  projects: ['<rootDir>/apps/*/jest.config.ts', '<rootDir>/libs/*/jest.config.ts'],
  // Global in Jest (a project's own value applies only when that project runs alone).
  testTimeout: 30_000,
};

export default config;
