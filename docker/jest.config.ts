/**
 * The container images' tests (docker/test): each app's image built by scripts/images.sh, started as its Deployment
 * runs it. Loaded through ts-node, like every project's Jest configuration (docs/decisions.md).
 * @jest-config-loader ts-node
 */
import { projectConfig } from '../jest.preset';

export default projectConfig(__dirname);
