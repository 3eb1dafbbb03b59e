#!/usr/bin/env bash
# Cuts a release locally (docs/operations/releases.md): one version everywhere, the changelog, the tag, then the
# client package and the images built with that version.
#
#   bash scripts/release.sh [patch | minor | major | <semver>]
#
# Without an argument the version follows the commits since the last tag (Conventional Commits: a `feat` is a minor
# release, a `fix` a patch, a `BREAKING CHANGE` a major one). commit-and-tag-version (.versionrc.json) bumps
# package.json, package-lock.json, libs/client/package.json and libs/runtime/src/version.ts, regenerates the OpenAPI
# documents (their info.version), prepends the release's entry to CHANGELOG.md, commits `chore(release): v<version>`
# and tags it `v<version>`. Then it packs the client package into .data/releases/<version>/ and builds every app's
# image as IMAGE_REPOSITORY/<app>:<version> (scripts/images.sh), labelled with the version and the commit.
# RELEASE_IMAGES=0 skips the images (the release test does; CI builds them in its own step). Nothing is pushed:
# `git push --follow-tags` and pushing the images are the operator's.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh
log() { echo "[release] $*" >&2; }
fail() { log "FAILED: $*"; exit 1; }

[[ -z "$(git status --porcelain)" ]] || fail "the working tree has changes: commit or stash them first"
args=()
case "${1:-}" in
  "") ;;
  patch | minor | major) args=(--release-as "$1") ;;
  *)
    [[ "$1" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]] || fail "not a version: $1"
    args=(--release-as "$1")
    ;;
esac

# The baseline release was tagged on an existing commit (.release-baseline); a checkout made without tags (a CI clone)
# gets that tag back here, so the changelog compares with it rather than with the whole history.
read -r baseline_tag baseline_commit <.release-baseline
if [[ -z "$(git tag --merged HEAD --list 'v*')" ]] && git merge-base --is-ancestor "$baseline_commit" HEAD 2>/dev/null; then
  git tag "$baseline_tag" "$baseline_commit"
  log "tagged the baseline $baseline_tag on $baseline_commit (this checkout had no release tags)"
fi

npx commit-and-tag-version "${args[@]}" >&2
version=$(node -p 'require("./package.json").version')
[[ "$(git describe --exact-match --tags HEAD)" == "v$version" ]] || fail "HEAD is not tagged v$version"

out=.data/releases/$version
mkdir -p "$out"
(cd libs/client && npm pack --silent --pack-destination "$ROOT/$out" >/dev/null)
log "client package: $out/$(cd "$out" && ls platform-client-*.tgz)"
if [[ "${RELEASE_IMAGES:-1}" != 0 ]]; then
  IMAGE_TAG=$version bash scripts/images.sh build
  for app in recruiting-api survey-builder-api race-content-api ai-webhook article-worker blog-worker; do
    IMAGE_TAG=$version bash scripts/images.sh name "$app"
  done >"$out/images.txt"
  log "images: $(tr '\n' ' ' <"$out/images.txt")"
fi
log "released v$version ($(git rev-parse --short HEAD)); publish with: git push --follow-tags"
echo "$version"
