import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Config } from 'jest';

const workspaceRoot = __dirname;

/** Node modules that ship only ES modules; Jest's CommonJS runtime needs them transformed. */
const esmOnlyPackages = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
  'htmlparser2',
  'domhandler',
  'domutils',
  'dom-serializer',
  'entities',
  'domelementtype',
  // content-disposition (ESM) sits under @fastify/static; both path segments must be exempt.
  '@fastify',
  'content-disposition',
  // kysely ships ES modules only.
  'kysely',
  // jose and openid-client (with oauth4webapi) ship ES modules only.
  'jose',
  'openid-client',
  'oauth4webapi',
];

const swcOptions = (syntax: 'typescript' | 'ecmascript') => ({
  jsc: {
    parser: syntax === 'typescript' ? { syntax, decorators: true } : { syntax },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
});

/** Maps every `@platform/<lib>` alias of tsconfig.base.json to its source, as tsc resolves it. */
function aliasMapper(): Record<string, string> {
  const tsconfig = JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  const paths: Record<string, string[]> = tsconfig.compilerOptions.paths;
  return Object.fromEntries(Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, join(workspaceRoot, target)]));
}

/** The Jest project of one Nx project: unit specs beside the code, integration specs under test/. */
export function projectConfig(projectDir: string): Config {
  const name = relative(workspaceRoot, projectDir);
  return {
    displayName: name,
    rootDir: projectDir,
    // Node's environment, plus the teardown a file's own code cannot do after a timeout (libs/testing test-lifecycle.ts).
    testEnvironment: join(workspaceRoot, 'libs/testing/src/harness/jest-environment.ts'),
    testTimeout: 30_000,
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    transform: {
      '^.+\\.ts$': ['@swc/jest', swcOptions('typescript')],
      '^.+\\.m?js$': ['@swc/jest', swcOptions('ecmascript')],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
    moduleNameMapper: aliasMapper(),
    moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
    setupFiles: [join(workspaceRoot, 'libs/testing/src/harness/jest-setup.ts')],
  };
}
