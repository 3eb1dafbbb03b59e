// commit-and-tag-version's updater for libs/runtime/src/version.ts (its PLATFORM_VERSION constant), named in
// .versionrc.json beside the package.json files it bumps with it.
const PATTERN = /PLATFORM_VERSION = '([^']+)'/;

module.exports.readVersion = (contents) => PATTERN.exec(contents)[1];
module.exports.writeVersion = (contents, version) => contents.replace(PATTERN, `PLATFORM_VERSION = '${version}'`);
