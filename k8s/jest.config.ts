/**
 * The platform on the local Kubernetes node (k8s/test): run by `bash scripts/cluster.sh test` once `cluster.sh up` has
 * brought it up, never by the root configuration (CI has no node). Loaded through ts-node like every project's.
 * @jest-config-loader ts-node
 */
import { projectConfig } from '../jest.preset';

export default { ...projectConfig(__dirname), testTimeout: 600_000 };
