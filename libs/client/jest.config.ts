/**
 * Loaded through ts-node: Node's own type stripping (22.6 and later) would load this file as an ES module,
 * without __dirname and without extensionless imports (docs/decisions.md).
 * @jest-config-loader ts-node
 */
import { projectConfig } from '../../jest.preset';

export default projectConfig(__dirname);
