#!/usr/bin/env bash
# The local cluster's PKI (scripts/cluster.sh up): a CA, each component's certificate and kubeconfig under $D/pki and
# $D/kubeconfig, made once with openssl.
set -euo pipefail
D=${D:?the cluster data folder}
NODE_ADDR=${NODE_ADDR:?the node address}
P=$D/pki; K=$D/kubeconfig
mkdir -p $P $K
cd $P
[ -f ca.key ] || { openssl genrsa -out ca.key 2048 2>/dev/null; openssl req -x509 -new -nodes -key ca.key -subj "/CN=platform-local-ca" -days 3650 -out ca.crt; }
[ -f sa.key ] || { openssl genrsa -out sa.key 2048 2>/dev/null; openssl rsa -in sa.key -pubout -out sa.pub 2>/dev/null; }
# cert name CN O sans
mk() {
  local n=$1 cn=$2 o=$3 sans=${4:-}
  [ -f $n.crt ] && return 0
  openssl genrsa -out $n.key 2048 2>/dev/null
  local subj="/CN=$cn"; [ -n "$o" ] && subj="/O=$o/CN=$cn"
  openssl req -new -key $n.key -subj "$subj" -out $n.csr
  {
    echo "basicConstraints=CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=serverAuth,clientAuth"
    [ -n "$sans" ] && echo "subjectAltName=$sans"
  } > $n.ext
  openssl x509 -req -in $n.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 -extfile $n.ext -out $n.crt 2>/dev/null
  rm -f $n.csr $n.ext
}
HOST=$(hostname)
mk etcd etcd "" "IP:127.0.0.1,DNS:localhost"
mk apiserver kube-apiserver "" "IP:127.0.0.1,IP:${NODE_ADDR:?},IP:10.96.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
mk apiserver-kubelet-client kube-apiserver-kubelet-client "system:masters"
mk admin admin "system:masters"
mk controller-manager system:kube-controller-manager ""
mk scheduler system:kube-scheduler ""
mk kube-proxy system:kube-proxy ""
mk kubelet "system:node:$HOST" "system:nodes" "IP:127.0.0.1,IP:$NODE_ADDR,DNS:$HOST,DNS:localhost"
# The aggregation layer (metrics-server, KEDA's metrics adapter): the API server proxies to them as front-proxy-client,
# a certificate of its own CA, which the extension servers trust for the X-Remote-* headers.
[ -f front-proxy-ca.key ] || { openssl genrsa -out front-proxy-ca.key 2048 2>/dev/null
  openssl req -x509 -new -nodes -key front-proxy-ca.key -subj "/CN=platform-local-front-proxy-ca" -days 3650 -out front-proxy-ca.crt; }
[ -f front-proxy-client.crt ] || { openssl genrsa -out front-proxy-client.key 2048 2>/dev/null
  openssl req -new -key front-proxy-client.key -subj "/CN=front-proxy-client" -out front-proxy-client.csr
  printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n' > front-proxy-client.ext
  openssl x509 -req -in front-proxy-client.csr -CA front-proxy-ca.crt -CAkey front-proxy-ca.key -CAcreateserial -days 3650 \
    -extfile front-proxy-client.ext -out front-proxy-client.crt 2>/dev/null; rm -f front-proxy-client.csr front-proxy-client.ext; }
kc() {
  local n=$1 out=$K/$1.kubeconfig
  cat > $out <<KC
apiVersion: v1
kind: Config
clusters:
- name: local
  cluster:
    server: https://$NODE_ADDR:6443
    certificate-authority: $P/ca.crt
users:
- name: $n
  user:
    client-certificate: $P/$n.crt
    client-key: $P/$n.key
contexts:
- name: local
  context: {cluster: local, user: $n}
current-context: local
KC
}
for n in admin controller-manager scheduler kube-proxy kubelet; do kc $n; done
echo "PKI ready in $P"
