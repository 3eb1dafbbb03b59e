// commit-and-tag-version's updater for the versions that are not in a package.json (.versionrc.json names the files):
// libs/runtime/src/version.ts (its PLATFORM_VERSION constant) and k8s/overlays/production/kustomization.yaml (the
// `&release` anchor: the version label and every image's tag).
const PATTERNS = [/(PLATFORM_VERSION = ')([^']+)(')/, /(app\.kubernetes\.io\/version: &release )(\S+)()/];

const patternOf = (contents) => {
  const pattern = PATTERNS.find((candidate) => candidate.test(contents));
  if (!pattern) throw new Error('no version found (PLATFORM_VERSION or app.kubernetes.io/version: &release)');
  return pattern;
};

module.exports.readVersion = (contents) => patternOf(contents).exec(contents)[2];
module.exports.writeVersion = (contents, version) => contents.replace(patternOf(contents), `$1${version}$3`);
