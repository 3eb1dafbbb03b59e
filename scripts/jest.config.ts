/**
 * The operations scripts' tests (scripts/test): a backup of every store restored and compared. Loaded through ts-node,
 * like every project's Jest configuration (docs/decisions.md).
 * @jest-config-loader ts-node
 */
import { projectConfig } from '../jest.preset';

export default projectConfig(__dirname);
