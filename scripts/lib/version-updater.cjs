// commit-and-tag-version's updater for the versions that are not in a package.json (.versionrc.json names the files):
// libs/runtime/src/version.ts (its PLATFORM_VERSION constant) and k8s/overlays/production/kustomization.yaml (the
// image tag every app's image takes, the `&release` anchor).
const PATTERNS = [/(PLATFORM_VERSION = ')([^']+)(')/, /(newTag: &release )(\S+)()/];

const patternOf = (contents) => {
  const pattern = PATTERNS.find((candidate) => candidate.test(contents));
  if (!pattern) throw new Error('no version found (PLATFORM_VERSION or newTag: &release)');
  return pattern;
};

module.exports.readVersion = (contents) => patternOf(contents).exec(contents)[2];
module.exports.writeVersion = (contents, version) => contents.replace(patternOf(contents), `$1${version}$3`);
