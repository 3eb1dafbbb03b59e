#!/usr/bin/env bash
# An image of the local cluster (scripts/cluster.sh build) made without a registry or a builder: an OCI image archive of
# one layer holding static binaries at the root, ready for `ctr images import`. Used for the pause image and for the
# add-ons built from Go (CoreDNS, metrics-server, KEDA), which need nothing but their binary.
# usage: cluster-image.sh <out.tar> <ref> <uid:gid> <entrypoint> <binary>...
set -euo pipefail
OUT=$1 REF=$2 USER_ID=$3 ENTRY=$4; shift 4
W=$(mktemp -d); trap 'rm -rf $W' EXIT
mkdir -p $W/rootfs/tmp $W/oci/blobs/sha256
chmod 1777 $W/rootfs/tmp
names=()
for bin in "$@"; do cp "$bin" $W/rootfs/; chmod 755 $W/rootfs/$(basename "$bin"); names+=($(basename "$bin")); done
tar --owner=0 --group=0 --numeric-owner --mtime='2020-01-01' -C $W/rootfs -cf $W/layer.tar tmp "${names[@]}"
DIFF=$(sha256sum $W/layer.tar | cut -d' ' -f1)
gzip -n -c $W/layer.tar > $W/layer.tgz
LD=$(sha256sum $W/layer.tgz | cut -d' ' -f1); LS=$(stat -c %s $W/layer.tgz)
cp $W/layer.tgz $W/oci/blobs/sha256/$LD
printf '{"architecture":"amd64","os":"linux","config":{"User":"%s","Entrypoint":["%s"],"WorkingDir":"/"},"rootfs":{"type":"layers","diff_ids":["sha256:%s"]},"history":[{"created_by":"scripts/lib/cluster-image.sh"}]}' \
  "$USER_ID" "$ENTRY" $DIFF > $W/config.json
CD=$(sha256sum $W/config.json | cut -d' ' -f1); CS=$(stat -c %s $W/config.json)
cp $W/config.json $W/oci/blobs/sha256/$CD
printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"sha256:%s","size":%s}]}' $CD $CS $LD $LS > $W/manifest.json
MD=$(sha256sum $W/manifest.json | cut -d' ' -f1); MS=$(stat -c %s $W/manifest.json)
cp $W/manifest.json $W/oci/blobs/sha256/$MD
printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s,"platform":{"architecture":"amd64","os":"linux"},"annotations":{"io.containerd.image.name":"%s","org.opencontainers.image.ref.name":"%s"}}]}' $MD $MS $REF ${REF##*:} > $W/oci/index.json
echo '{"imageLayoutVersion":"1.0.0"}' > $W/oci/oci-layout
tar -C $W/oci -cf $OUT oci-layout index.json blobs
echo "wrote $OUT ($REF)"
