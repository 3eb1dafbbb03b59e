import { defineConfig } from 'tsdown';

/**
 * The package a console installs (`npm run client:pack`): one ES module and its declarations, for browsers and Node
 * alike; openapi-fetch stays a dependency. The generated types of the four documents are bundled into the declarations.
 */
export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
  outDir: 'dist',
  tsconfig: 'tsconfig.build.json',
});
