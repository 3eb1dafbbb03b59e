#!/usr/bin/env bash
# The platform on a real single-node Kubernetes cluster on this machine (issue 34), built once from the Go module proxy
# into .tools/cluster and run from .data/cluster, without Docker or systemd. Needs root.
#   bash scripts/cluster.sh up       builds what is missing, starts the node, then the platform: its six images
#                                    (scripts/images.sh) imported, the CRDs, CoreDNS, metrics-server and KEDA, the
#                                    machine's services as Services without selectors, k8s/overlays/local applied and
#                                    every Deployment waited for (scripts/lib/cluster-platform.sh)
#   bash scripts/cluster.sh test     the node's own check (Pod Security "restricted" refuses a privileged pod; an imported
#                                    image answers through its ClusterIP Service), then the platform exercised
#                                    (k8s/test/cluster.spec.ts: replicas, migrations, Services, a rollout under k6, a
#                                    worker deleted mid-job, KEDA and HPA scaling), each figure printed
#   bash scripts/cluster.sh down     stops everything; removes its mounts, cgroups, interfaces, nft tables and host paths
#                                    (the platform's data on the machine's services stays for the next up)
#   bash scripts/cluster.sh build    only the binaries: etcd v3.6.16, Kubernetes v1.35.4 (API server, controller manager,
#                                    scheduler, kubelet, kube-proxy, kubectl), containerd v2.2.9 (+ runc shim, ctr), CNI
#                                    plugins v1.9.1, pause, CoreDNS, metrics-server, KEDA
#   bash scripts/cluster.sh node     only the node, without the platform
#   bash scripts/cluster.sh status
# docs/decisions.md "A single-node cluster from source" says what
# this machine needed and why:
#  - no registry: the pause image is built here (static pause.c from the Kubernetes module, an OCI archive)
#  - no CAP_SYS_RESOURCE in the bounding set: containerd's restrict_oom_score_adj (runc could not set the pause
#    container's oom_score_adj of -998: "can't get final child's PID from pipe: EOF")
#  - a shared machine: the kubelet is patched to warn about, not rewrite, kernel.panic, panic_on_oops, overcommit_memory
#  - no 'dummy' link type in the kernel: cni0 is created first and the service range routed to it, so a packet kube-proxy
#    did not translate never takes the default route
#  - cgroup v1 (hybrid): kubelet failCgroupV1=false and the cgroupfs driver; containerd SystemdCgroup=false
# Host paths it still touches (removed by down when they did not exist before up): /var/lib/kubelet/device-plugins,
# /var/log/containers, /var/lib/cni, /run/containerd/s; cgroups /sys/fs/cgroup/*/kubepods; the kubelet's iptables
# chains; nft tables ip/ip6 kube-proxy.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
B=$ROOT/.tools/cluster/bin D=$ROOT/.data/cluster S=$ROOT/.tools/src/cluster
L=$D/logs
K8S_VERSION=${K8S_VERSION:-v1.35.4}          # k8s.io/kubernetes
STAGING_VERSION=${STAGING_VERSION:-v0.35.4}  # k8s.io/api etc.
ETCD_VERSION=${ETCD_VERSION:-v3.6.16}        # go.etcd.io/etcd/server/v3
CONTAINERD_VERSION=${CONTAINERD_VERSION:-v2.2.9}
CNI_VERSION=${CNI_VERSION:-v1.9.1}
COREDNS_VERSION=${COREDNS_VERSION:-v1.14.2}
METRICS_SERVER_VERSION=${METRICS_SERVER_VERSION:-v0.8.0}
KEDA_VERSION=${KEDA_VERSION:-v2.21.0}
K6_VERSION=v1.8.1  # as scripts/soak.sh
PAUSE_REF=registry.k8s.io/pause:3.10.1
COREDNS_IMAGE=localhost/cluster/coredns:${COREDNS_VERSION#v}
METRICS_SERVER_IMAGE=localhost/cluster/metrics-server:${METRICS_SERVER_VERSION#v}
KEDA_IMAGE=localhost/cluster/keda:${KEDA_VERSION#v}
SVC_CIDR=10.96.0.0/16 POD_CIDR=10.244.0.0/24
# The node's address is the pod bridge's (cni0): the API server, the kubelet and the relays to the machine's services
# listen there, reachable from this machine and its pods and from nowhere else.
NODE_ADDR=10.244.0.1 DNS_ADDR=10.96.0.10
HOST_PATHS="/var/lib/kubelet /var/log/containers /var/lib/cni /run/containerd"
NODE_IMAGE=${NODE_IMAGE:-docker.io/library/node:24.21.0-bookworm-slim}
export PATH=$B:$PATH:/usr/local/go/bin GOWORK=off GOFLAGS=-mod=mod GOTOOLCHAIN=local
MODCACHE=$(go env GOMODCACHE 2>/dev/null || echo /root/go/pkg/mod)
KUBECTL="$B/kubectl --kubeconfig $D/kubeconfig/admin.kubeconfig"
CTR="$B/ctr --address $D/containerd/containerd.sock"
mkdir -p $B $D $L $S $D/pids
# shellcheck source=lib/cluster-platform.sh
source "$ROOT/scripts/lib/cluster-platform.sh"
log() { echo "[$(date +%T)] $*"; }
timed() { local n=$1; shift; local s=$(date +%s); nice -n 10 "$@"; local rc=$?; log "BUILD $n rc=$rc secs=$(( $(date +%s)-s ))"; return $rc; }

# ---------------------------------------------------------------- build
prep_module() { # module@version destdir
  local dir; dir=$(go mod download -json "$1" | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
  [ -n "$dir" ] || { echo "download of $1 failed"; return 1; }
  rm -rf "$2"; cp -r "$dir" "$2"; chmod -R u+w "$2"
}
build_k8s() {
  [ -d $S/kubernetes ] || {
    prep_module k8s.io/kubernetes@$K8S_VERSION $S/kubernetes || return 1
    cd $S/kubernetes; rm -f go.work go.work.sum
    # staging replaces point at folders missing from the module zip: use the published modules
    sed -i -E "s#^(\s*)(k8s.io/[a-z-]+) => ./staging/src/k8s.io/[a-z-]+#\1\2 => \2 $STAGING_VERSION#" go.mod
    # never let the kubelet rewrite host kernel sysctls (kernel.panic_on_oops etc.) on a shared machine
    sed -i 's/^\tb := KernelTunableModify$/\tb := KernelTunableWarn \/\/ scripts\/cluster.sh/' pkg/kubelet/cm/container_manager_linux.go
  }
  cd $S/kubernetes
  local mi=${K8S_VERSION#v1.}; mi=${mi%%.*}
  local LD="-s -w -X k8s.io/component-base/version.gitVersion=$K8S_VERSION -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$mi -X k8s.io/component-base/version.gitTreeState=clean -X k8s.io/client-go/pkg/version.gitVersion=$K8S_VERSION -X k8s.io/client-go/pkg/version.gitMajor=1 -X k8s.io/client-go/pkg/version.gitMinor=$mi"
  for n in kube-apiserver kube-controller-manager kube-scheduler kubectl kubelet kube-proxy; do
    [ -x $B/$n ] && continue
    CGO_ENABLED=0 timed $n go build -trimpath -ldflags "$LD" -o $B/$n ./cmd/$n || return 1
  done
}
build_etcd() {
  [ -x $B/etcd ] && return 0
  [ -d $S/etcd-server ] || {
    prep_module go.etcd.io/etcd/server/v3@$ETCD_VERSION $S/etcd-server || return 1
    cd $S/etcd-server
    sed -i -E "s#(go.etcd.io/etcd/[a-z/]+/v3) => \.\./[a-z/0-9]+#\1 => \1 $ETCD_VERSION#" go.mod
    sed -i '/^toolchain/d' go.mod
    go mod tidy
  }
  cd $S/etcd-server && CGO_ENABLED=0 timed etcd go build -trimpath -ldflags "-s -w" -o $B/etcd .
}
build_containerd() {
  local m=github.com/containerd/containerd/v2
  for c in containerd containerd-shim-runc-v2 ctr; do
    [ -x $B/$c ] && continue
    local tags="no_btrfs urfave_cli_no_docs"; [ $c = containerd-shim-runc-v2 ] && tags="$tags no_grpc"
    GOBIN=$B CGO_ENABLED=0 timed $c go install -trimpath -tags "$tags" -ldflags "-s -w -X $m/version.Version=$CONTAINERD_VERSION" $m/cmd/$c@$CONTAINERD_VERSION || return 1
  done
}
build_cni() {
  mkdir -p $B/cni
  for p in bridge host-local loopback portmap; do
    [ -x $B/cni/$p ] && continue
    local sub=main; [ $p = host-local ] && sub=ipam; [ $p = portmap ] && sub=meta
    GOBIN=$B/cni CGO_ENABLED=0 timed cni-$p go install -trimpath -ldflags "-s -w" github.com/containernetworking/plugins/plugins/$sub/$p@$CNI_VERSION || return 1
  done
}
build_pause() {
  [ -f $D/images/pause.tar ] && return 0
  mkdir -p $S/pause $D/images; cp $S/kubernetes/build/pause/linux/pause.c $S/pause/
  gcc -Os -static -DVERSION=3.10.1-local -o $S/pause/pause $S/pause/pause.c && strip $S/pause/pause
  bash "$ROOT/scripts/lib/cluster-image.sh" $D/images/pause.tar $PAUSE_REF 65535:65535 /pause $S/pause/pause
}
# The add-ons a cluster brings and the platform relies on, from their Go modules, as images of their static binaries:
# CoreDNS (service names), metrics-server (the HPAs' CPU), KEDA's operator and metrics adapter (the workers' queues).
build_coredns() { # only the plugins a cluster's DNS uses (the full build carries every cloud's SDK)
  [ -x $B/addons/coredns ] && return 0
  mkdir -p $S/coredns && cd $S/coredns
  cp "$ROOT/scripts/lib/coredns-main.go.txt" main.go
  [ -f go.mod ] || { go mod init local/coredns >/dev/null 2>&1; go get github.com/coredns/coredns@$COREDNS_VERSION >/dev/null 2>&1; }
  go mod tidy >/dev/null 2>&1 && CGO_ENABLED=0 timed coredns go build -trimpath -ldflags "-s -w" -o $B/addons/coredns .
}
build_metrics_server() {
  [ -x $B/addons/metrics-server ] && return 0
  GOBIN=$B/addons CGO_ENABLED=0 timed metrics-server go install -trimpath -ldflags "-s -w" sigs.k8s.io/metrics-server/cmd/metrics-server@$METRICS_SERVER_VERSION
}
build_keda() { # its go.mod has a replace directive, so it builds from a copy of the module, not with go install
  [ -x $B/addons/keda ] && [ -x $B/addons/keda-adapter ] && return 0
  [ -d $S/keda ] || prep_module github.com/kedacore/keda/v2@$KEDA_VERSION $S/keda || return 1
  cd $S/keda
  local LD="-s -w -X github.com/kedacore/keda/v2/version.Version=${KEDA_VERSION#v}"
  [ -x $B/addons/keda ] || CGO_ENABLED=0 timed keda go build -trimpath -ldflags "$LD" -o $B/addons/keda ./cmd/operator || return 1
  [ -x $B/addons/keda-adapter ] || CGO_ENABLED=0 timed keda-adapter go build -trimpath -ldflags "$LD" -o $B/addons/keda-adapter ./cmd/adapter
}
build_k6() { # the load generator of the rollout and scaling checks (the version the soak uses)
  [ -x $ROOT/.tools/bin/k6 ] && return 0
  GOBIN=$ROOT/.tools/bin CGO_ENABLED=0 timed k6 go install -trimpath go.k6.io/k6@$K6_VERSION
}
addon_images() {
  local I=$D/images; mkdir -p $I
  [ -f $I/coredns.tar ] || bash "$ROOT/scripts/lib/cluster-image.sh" $I/coredns.tar $COREDNS_IMAGE 65532:65532 /coredns $B/addons/coredns || return 1
  [ -f $I/metrics-server.tar ] || bash "$ROOT/scripts/lib/cluster-image.sh" $I/metrics-server.tar $METRICS_SERVER_IMAGE 65532:65532 /metrics-server $B/addons/metrics-server || return 1
  [ -f $I/keda.tar ] || bash "$ROOT/scripts/lib/cluster-image.sh" $I/keda.tar $KEDA_IMAGE 65532:65532 /keda $B/addons/keda $B/addons/keda-adapter
}
# Debian packages the node needs on the host: runc (the OCI runtime containerd drives), nftables (kube-proxy's nftables
# mode runs the nft binary), iptables (the kubelet's canary chains), socat (relays from the pod network to the machine's
# services, which listen on 127.0.0.1 only), conntrack.
host_packages() {
  local missing=() p
  for p in runc:runc nft:nftables iptables:iptables socat:socat conntrack:conntrack; do
    command -v ${p%%:*} >/dev/null || [ -x /usr/sbin/${p%%:*} ] || missing+=(${p#*:})
  done
  ((${#missing[@]})) || return 0
  log "apt-get install ${missing[*]} (once)"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >/dev/null 2>&1 ||
    { log "apt-get install ${missing[*]} did not succeed"; return 1; }
}
cmd_build() {
  mkdir -p $B/addons
  host_packages && build_etcd && build_k8s && build_containerd && build_cni && build_pause && build_coredns && build_metrics_server &&
    build_keda && addon_images && build_k6
}

# ---------------------------------------------------------------- configs
# put FILE < content: writes FILE only when its content changes (kube-proxy exits when its configuration file is written,
# even with the same content, so a second `up` must leave it alone).
put() { cat > "$1.new"; if cmp -s "$1.new" "$1"; then rm -f "$1.new"; else mv "$1.new" "$1"; fi; }
write_configs() {
  local P=$D/pki; mkdir -p $D/etc $D/cni/net.d
  put $D/etc/containerd.toml <<EOF
version = 3
root = "$D/containerd/root"
state = "$D/containerd/state"
[grpc]
  address = "$D/containerd/containerd.sock"
[ttrpc]
  address = "$D/containerd/containerd.sock.ttrpc"
[debug]
  level = "info"
[plugins."io.containerd.grpc.v1.cri"]
  disable_tcp_service = true
[plugins."io.containerd.cri.v1.runtime"]
  enable_selinux = false
  netns_mounts_under_state_dir = true
  # no CAP_SYS_RESOURCE in this sandbox: runc cannot set negative oom_score_adj (pause gets -998)
  restrict_oom_score_adj = true
  [plugins."io.containerd.cri.v1.runtime".containerd]
    default_runtime_name = "runc"
    [plugins."io.containerd.cri.v1.runtime".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.cri.v1.runtime".containerd.runtimes.runc.options]
        SystemdCgroup = false
        BinaryName = "/usr/sbin/runc"
        Root = "$D/containerd/runc-root"
  [plugins."io.containerd.cri.v1.runtime".cni]
    bin_dirs = ["$B/cni"]
    conf_dir = "$D/cni/net.d"
[plugins."io.containerd.cri.v1.images"]
  snapshotter = "overlayfs"
  [plugins."io.containerd.cri.v1.images".pinned_images]
    sandbox = "$PAUSE_REF"
[plugins."io.containerd.internal.v1.opt"]
  path = "$D/containerd/opt"
EOF
  put $D/cni/net.d/10-bridge.conflist <<EOF
{
  "cniVersion": "1.0.0",
  "name": "platform-local",
  "plugins": [
    {"type": "bridge", "bridge": "cni0", "isGateway": true, "ipMasq": false, "hairpinMode": true,
     "ipam": {"type": "host-local", "dataDir": "$D/cni/ipam", "ranges": [[{"subnet": "10.244.0.0/24"}]], "routes": [{"dst": "0.0.0.0/0"}]}},
    {"type": "portmap", "capabilities": {"portMappings": true}},
    {"type": "loopback"}
  ]
}
EOF
  put $D/etc/kubelet.yaml <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $NODE_ADDR
port: 10250
clusterDNS: [$DNS_ADDR]
clusterDomain: cluster.local
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $P/ca.crt}
authorization: {mode: Webhook}
tlsCertFile: $P/kubelet.crt
tlsPrivateKeyFile: $P/kubelet.key
cgroupDriver: cgroupfs
failCgroupV1: false
containerRuntimeEndpoint: unix://$D/containerd/containerd.sock
imageServiceEndpoint: unix://$D/containerd/containerd.sock
failSwapOn: false
resolvConf: /etc/resolv.conf
rotateCertificates: false
serializeImagePulls: false
evictionHard: {memory.available: "100Mi", nodefs.available: "2%", imagefs.available: "2%"}
podPidsLimit: 4096
podLogsDir: $D/pod-logs
EOF
  put $D/etc/kube-proxy.yaml <<EOF
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: nftables
clusterCIDR: 10.244.0.0/24
bindAddress: 127.0.0.1
healthzBindAddress: 127.0.0.1:10256
metricsBindAddress: 127.0.0.1:10249
clientConnection: {kubeconfig: $D/kubeconfig/kube-proxy.kubeconfig}
conntrack: {maxPerCore: 0, tcpEstablishedTimeout: 0s, tcpCloseWaitTimeout: 0s}
EOF
}

# ---------------------------------------------------------------- up
start() { # name cmd...   (background, pid in $D/pids/name.pid, log in $L/name.log)
  local n=$1; shift
  if [ -f $D/pids/$n.pid ] && kill -0 $(cat $D/pids/$n.pid) 2>/dev/null; then log "$n already running"; return 0; fi
  log "starting $n"; setsid "$@" >$L/$n.log 2>&1 < /dev/null & echo $! > $D/pids/$n.pid
}
waitfor() { # description timeout cmd...
  local what=$1 t=$2; shift 2
  for i in $(seq $t); do "$@" >/dev/null 2>&1 && { log "$what ok (${i}s)"; return 0; }; sleep 1; done
  log "$what FAILED after ${t}s"; return 1
}
cmd_up() {
  D=$D NODE_ADDR=$NODE_ADDR bash "$ROOT/scripts/lib/cluster-pki.sh" || return 1
  write_configs
  # remember which nftables tables existed before, so down removes only the ones we caused
  [ -f $D/host-nft-tables.before ] || nft list tables > $D/host-nft-tables.before
  # host paths that kubelet/CNI/shims create outside $D (hard-coded): remember which did not exist, down removes only those
  [ -f $D/host-paths.created ] || for p in $HOST_PATHS; do [ -e $p ] || echo $p; done > $D/host-paths.created
  local P=$D/pki
  # Guard: packets to the service CIDR that kube-proxy did not DNAT must stay on this host, never take the default route.
  # (kernel here has no 'dummy' link type) -> pre-create the CNI bridge cni0 (the bridge plugin reuses it) and route the CIDR to it.
  ip link show cni0 >/dev/null 2>&1 || ip link add cni0 type bridge; ip link set cni0 up
  ip -4 addr show dev cni0 | grep -q " $NODE_ADDR/" || ip addr add $NODE_ADDR/24 dev cni0
  ip route show $SVC_CIDR | grep -q cni0 || ip route add $SVC_CIDR dev cni0
  mkdir -p $D/etcd && chmod 700 $D/etcd
  start etcd $B/etcd --name local --data-dir $D/etcd \
    --listen-client-urls https://127.0.0.1:2379 --advertise-client-urls https://127.0.0.1:2379 \
    --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
    --initial-cluster local=http://127.0.0.1:2380 --listen-metrics-urls http://127.0.0.1:2381 \
    --cert-file $P/etcd.crt --key-file $P/etcd.key --trusted-ca-file $P/ca.crt --client-cert-auth
  waitfor etcd 30 curl -sf --cacert $P/ca.crt --cert $P/apiserver.crt --key $P/apiserver.key https://127.0.0.1:2379/health || return 1
  start kube-apiserver $B/kube-apiserver --bind-address $NODE_ADDR --advertise-address $NODE_ADDR --secure-port 6443 \
    --etcd-servers https://127.0.0.1:2379 --etcd-cafile $P/ca.crt --etcd-certfile $P/apiserver.crt --etcd-keyfile $P/apiserver.key \
    --service-cluster-ip-range $SVC_CIDR --client-ca-file $P/ca.crt --tls-cert-file $P/apiserver.crt --tls-private-key-file $P/apiserver.key \
    --kubelet-client-certificate $P/apiserver-kubelet-client.crt --kubelet-client-key $P/apiserver-kubelet-client.key \
    --kubelet-certificate-authority $P/ca.crt --kubelet-preferred-address-types InternalIP \
    --requestheader-client-ca-file $P/front-proxy-ca.crt --requestheader-allowed-names front-proxy-client \
    --requestheader-username-headers X-Remote-User --requestheader-group-headers X-Remote-Group \
    --requestheader-extra-headers-prefix X-Remote-Extra- --proxy-client-cert-file $P/front-proxy-client.crt \
    --proxy-client-key-file $P/front-proxy-client.key --enable-aggregator-routing \
    --service-account-issuer https://kubernetes.default.svc.cluster.local --service-account-key-file $P/sa.pub \
    --service-account-signing-key-file $P/sa.key --authorization-mode Node,RBAC --enable-admission-plugins NodeRestriction \
    --allow-privileged=true --profiling=false
  waitfor kube-apiserver 90 $KUBECTL get --raw /readyz || return 1
  start kube-controller-manager $B/kube-controller-manager --bind-address 127.0.0.1 \
    --kubeconfig $D/kubeconfig/controller-manager.kubeconfig --authentication-kubeconfig $D/kubeconfig/controller-manager.kubeconfig \
    --authorization-kubeconfig $D/kubeconfig/controller-manager.kubeconfig --root-ca-file $P/ca.crt \
    --service-account-private-key-file $P/sa.key --use-service-account-credentials --service-cluster-ip-range $SVC_CIDR \
    --cluster-signing-cert-file $P/ca.crt --cluster-signing-key-file $P/ca.key --leader-elect=false
  start kube-scheduler $B/kube-scheduler --bind-address 127.0.0.1 --kubeconfig $D/kubeconfig/scheduler.kubeconfig \
    --authentication-kubeconfig $D/kubeconfig/scheduler.kubeconfig --authorization-kubeconfig $D/kubeconfig/scheduler.kubeconfig --leader-elect=false
  mkdir -p $D/containerd
  start containerd $B/containerd --config $D/etc/containerd.toml
  waitfor containerd 30 $CTR version || return 1
  $CTR -n k8s.io images ls -q 2>/dev/null | grep -qxF $PAUSE_REF || $CTR -n k8s.io images import $D/images/pause.tar
  mkdir -p $D/kubelet $D/pod-logs
  start kubelet $B/kubelet --config $D/etc/kubelet.yaml --kubeconfig $D/kubeconfig/kubelet.kubeconfig \
    --root-dir $D/kubelet --hostname-override $(hostname) --node-ip $NODE_ADDR -v 2
  waitfor node-registered 60 $KUBECTL get node $(hostname) || return 1
  start kube-proxy $B/kube-proxy --config $D/etc/kube-proxy.yaml --hostname-override $(hostname)
  waitfor node-Ready 120 $KUBECTL wait --for=condition=Ready node/$(hostname) --timeout=1s || return 1
  $KUBECTL get nodes -o wide
}

# ---------------------------------------------------------------- test
cmd_test() {
  local img=$NODE_IMAGE
  if ! $CTR -n k8s.io images ls -q 2>/dev/null | grep -qxF "$img"; then
    # default podman save format (docker-archive) keeps the RepoTags, which ctr import turns into image names
    podman --storage-driver overlay save $img -o $D/node-image.tar || return 1
    $CTR -n k8s.io images import $D/node-image.tar || return 1
    rm -f $D/node-image.tar
  fi
  $CTR -n k8s.io images ls -q | grep -v sha256
  $KUBECTL apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: cluster-check
  labels: {pod-security.kubernetes.io/enforce: restricted, pod-security.kubernetes.io/enforce-version: latest}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: cluster-check, labels: {app: web}}
spec:
  automountServiceAccountToken: false
  terminationGracePeriodSeconds: 2
  securityContext: {runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, seccompProfile: {type: RuntimeDefault}}
  containers:
  - name: web
    image: $img
    imagePullPolicy: Never
    command: ["node", "-e", "require('http').createServer((q,s)=>s.end('hello from '+require('os').hostname()+'\\\\n')).listen(8080)"]
    ports: [{containerPort: 8080}]
    securityContext: {allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: {drop: [ALL]}}
    resources: {limits: {memory: 128Mi, cpu: 200m}}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: cluster-check}
spec: {selector: {app: web}, ports: [{port: 80, targetPort: 8080}]}
EOF
  # The namespace enforces "restricted": a privileged pod is refused by the API server itself.
  local refusal
  refusal=$($KUBECTL -n cluster-check run privileged --image=$img --image-pull-policy=Never --privileged --dry-run=server 2>&1)
  [[ "$refusal" == *'violates PodSecurity "restricted'* ]] || { log "a privileged pod was not refused: $refusal"; return 1; }
  log "a privileged pod is refused by Pod Security restricted"
  $KUBECTL -n cluster-check wait --for=condition=Ready pod/web --timeout=120s
  $KUBECTL -n cluster-check get pod,svc,endpointslices -o wide
  local ip; ip=$($KUBECTL -n cluster-check get svc web -o jsonpath='{.spec.clusterIP}')
  log "curl http://$ip/ (ClusterIP, from the host; retried while kube-proxy syncs)"
  local ok=1; for i in $(seq 30); do curl -sS --max-time 3 http://$ip/ && { ok=0; break; }; sleep 1; done
  [ $ok = 0 ] || { log "ClusterIP not reachable"; return 1; }
  log "same ClusterIP from inside the pod (hairpin through cni0)"
  $KUBECTL -n cluster-check exec web -- node -e "require('http').get('http://$ip/',r=>r.pipe(process.stdout)).on('error',e=>{console.error(e.message);process.exit(1)})"
}

# ---------------------------------------------------------------- down
cgroup_rm() { # remove a cgroup dir tree bottom-up
  [ -d "$1" ] || return 0
  find "$1" -depth -type d -exec rmdir {} \; 2>/dev/null; [ -d "$1" ] && log "cgroup left: $1"
}
cmd_down() {
  [ -x $B/kubectl ] && [ -f $D/pids/kube-apiserver.pid ] && kill -0 $(cat $D/pids/kube-apiserver.pid) 2>/dev/null && \
    timeout 60 $KUBECTL delete ns cluster-check --wait=true --timeout=50s >/dev/null 2>&1
  for f in $D/pids/relay-*.pid; do [ -f $f ] && kill $(cat $f) 2>/dev/null && rm -f $f; done
  for n in kube-proxy kubelet; do [ -f $D/pids/$n.pid ] && kill $(cat $D/pids/$n.pid) 2>/dev/null; done; sleep 2
  # stop pod containers and shims (runc root of this containerd only)
  if [ -d $D/containerd/runc-root ]; then
    for ns in $D/containerd/runc-root/*; do [ -d $ns ] || continue
      for id in $(runc --root $ns list -q 2>/dev/null); do runc --root $ns kill $id KILL 2>/dev/null; sleep 0.2; runc --root $ns delete -f $id 2>/dev/null; done
    done
  fi
  for p in $(pgrep -f "containerd-shim-runc-v2 .*-address $D/containerd/containerd.sock" ); do kill $p 2>/dev/null; done
  for n in containerd kube-scheduler kube-controller-manager kube-apiserver etcd; do
    [ -f $D/pids/$n.pid ] || continue; p=$(cat $D/pids/$n.pid); kill $p 2>/dev/null
    for i in $(seq 20); do kill -0 $p 2>/dev/null || break; sleep 1; done
  done
  for f in $D/pids/*.pid; do [ -f $f ] || continue; p=$(cat $f); kill -0 $p 2>/dev/null && { log "SIGKILL $(basename $f .pid)"; kill -9 $p; }; rm -f $f; done
  # mounts under data dir (deepest first), shim socket dir
  for m in $(awk '{print $2}' /proc/self/mounts | grep -E "^($D|/run/containerd)" | sort -r); do umount $m 2>/dev/null || umount -l $m; done
  # network: pod veths on cni0, cni0 (takes the service-CIDR guard route with it), kube-proxy nft tables
  for v in $(ip -o link show master cni0 2>/dev/null | awk -F'[ :@]+' '{print $2}'); do ip link del $v 2>/dev/null; done
  ip link del cni0 2>/dev/null
  for fam in ip ip6; do nft list table $fam kube-proxy >/dev/null 2>&1 && nft delete table $fam kube-proxy; done
  # iptables chains added by the kubelet (KUBE-FIREWALL, canaries, hint) and CNI: drop jumps, flush, delete
  for v in iptables ip6tables; do for t in mangle nat filter; do
    $v -t $t -S 2>/dev/null | grep -E '^-A (INPUT|OUTPUT|FORWARD|PREROUTING|POSTROUTING) .*-j (KUBE-|CNI-)' | sed 's/^-A/-D/' | \
      while read -r r; do eval $v -t $t $r; done
    for c in $($v -t $t -S 2>/dev/null | awk '/^-N (KUBE-|CNI-)/{print $2}'); do $v -t $t -F $c; done
    for c in $($v -t $t -S 2>/dev/null | awk '/^-N (KUBE-|CNI-)/{print $2}'); do $v -t $t -X $c; done
  done; done
  # nft tables that did not exist before 'up' and are now empty of rules (iptables-nft created them for the canaries)
  if [ -f $D/host-nft-tables.before ]; then
    nft list tables | while read -r _ fam name; do
      grep -qx "table $fam $name" $D/host-nft-tables.before && continue
      [ -z "$(nft list table $fam $name | grep -vE '^\s*(table|chain|type|policy|\}|#|$)')" ] && nft delete table $fam $name && log "deleted nft table $fam $name"
    done
  fi
  # cgroups created by kubelet (cgroupfs driver)
  for h in /sys/fs/cgroup/*/; do cgroup_rm ${h}kubepods; done
  # host paths that the kubelet / CNI / shims create although everything else is under $D
  [ -f $D/host-paths.created ] && for p in $(cat $D/host-paths.created); do rm -rf $p; done && rm -f $D/host-paths.created
  rm -f $D/host-nft-tables.before
  log "down done"
}
cmd_status() {
  for f in $D/pids/*.pid; do [ -f $f ] || continue; p=$(cat $f); printf '%-24s %s %s\n' $(basename $f .pid) $p $(kill -0 $p 2>/dev/null && echo up || echo DOWN); done
  [ -x $B/kubectl ] && $KUBECTL get nodes -o wide 2>&1
}
case ${1:-} in
  build) cmd_build && ls -la $B $B/cni $B/addons;;
  up) cmd_build 2>>$L/build.log && cmd_up && platform_up;;
  node) cmd_build 2>>$L/build.log && cmd_up;;
  test) shift; cmd_test && platform_test "$@";;
  down) cmd_down;; status) cmd_status;;
  *) echo "usage: $0 build|up|node|test|down|status"; exit 2;;
esac
