/**
 * The benches' pure parts (how a bench or the soak judges its results, the soak's schedule) with their unit specs beside
 * them; the benches themselves run with `npm run bench:*` and `npm run soak`. Loaded through ts-node as the other
 * projects' configs are (docs/decisions.md).
 * @jest-config-loader ts-node
 */
import { projectConfig } from '../jest.preset';

export default { ...projectConfig(__dirname), testMatch: ['<rootDir>/**/*.spec.ts'] };
