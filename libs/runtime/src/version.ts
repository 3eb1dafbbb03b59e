/**
 * The platform's one version (semver), the same in package.json, libs/client/package.json, every OpenAPI document's
 * info.version, the images' org.opencontainers.image.version label and the `platform_build_info` metric.
 * `bash scripts/release.sh` bumps it (with the rest) through commit-and-tag-version; libs/runtime/src/version.spec.ts
 * fails when any of those disagree. docs/operations/releases.md says what each part of it promises.
 */
export const PLATFORM_VERSION = '0.1.0';
