# The platform on the local cluster (sourced by scripts/cluster.sh): the add-ons, the machine's services as Services
# without selectors, the platform-secrets Secret, the CRDs the kustomization uses, then k8s/overlays/local, applied
# and waited for. Everything here is idempotent: `cluster.sh up` run again applies the same objects.

PLATFORM_NS=platform
PLATFORM_APPS="recruiting-api survey-builder-api race-content-api ai-webhook article-worker blog-worker"
# The machine's services, as k8s/overlays/local/backing-services.yaml names them: name:port on the node address.
BACKING="postgres:5432 rabbitmq:5672 redis:6379 mongo:27017 s3:7070"
# Where the platform's data goes on the machine's (shared) services: its own database, vhost, Redis database, MongoDB
# database and buckets (k8s/overlays/local/platform-config.yaml names the last two).
K8S_DB=platform_k8s K8S_VHOST=platform-k8s K8S_REDIS_DB=3

# name -> host:port of the machine's service (from .data/services.env, which scripts/services.sh writes)
backing_target() {
  local env=$ROOT/.data/services.env url
  case $1 in
    postgres) url=$(sed -n 's/^DATABASE_URL=//p' $env);;
    rabbitmq) url=$(sed -n 's/^AMQP_URL=//p' $env);;
    redis) url=$(sed -n 's/^REDIS_URL=//p' $env);;
    mongo) url=$(sed -n 's/^MONGODB_URI=//p' $env);;
    s3) url=$(sed -n 's/^S3_ENDPOINT=//p' $env);;
  esac
  echo "$url" | sed -E 's#^[a-z]+://([^@/]*@)?([^/?]+).*#\2#'
}

# The machine's services listen on 127.0.0.1, which a pod cannot reach: a socat relay per service listens on the node
# address and connects from 127.0.0.1, so the services see a local client (PostgreSQL's trust rule and RabbitMQ's
# guest user hold for local clients only).
start_relays() {
  local b t
  for b in $BACKING; do
    t=$(backing_target ${b%:*}); [ -n "$t" ] || { log "no address for ${b%:*} in .data/services.env"; return 1; }
    start relay-${b%:*} socat TCP-LISTEN:${b#*:},bind=$NODE_ADDR,fork,reuseaddr TCP:$t
  done
  for b in $BACKING; do waitfor "relay ${b%:*}" 10 bash -c "exec 3<>/dev/tcp/$NODE_ADDR/${b#*:}" || return 1; done
}

# The platform's own room on the shared services, and the Secret that points the apps at it (the random keys are made
# once and kept in .data/cluster/platform-secrets.env, so a second `up` does not log everyone out).
prepare_stores() {
  local env=$ROOT/.data/services.env pg s3key s3secret
  pg=$(sed -n 's/^DATABASE_URL=//p' $env)
  psql "$pg" -tAc "SELECT 1 FROM pg_database WHERE datname = '$K8S_DB'" | grep -q 1 || psql "$pg" -qc "CREATE DATABASE $K8S_DB" || return 1
  rabbitmqctl -q list_vhosts | grep -qx $K8S_VHOST || rabbitmqctl -q add_vhost $K8S_VHOST >/dev/null || return 1
  rabbitmqctl -q set_permissions -p $K8S_VHOST guest '.*' '.*' '.*' >/dev/null || return 1
  s3key=$(sed -n 's/^S3_ACCESS_KEY_ID=//p' $env) s3secret=$(sed -n 's/^S3_SECRET_ACCESS_KEY=//p' $env)
  local pgauth; pgauth=$(echo "$pg" | sed -E 's#^postgres(ql)?://([^@/]*)@.*#\2#')
  local amqpauth; amqpauth=$(sed -n 's/^AMQP_URL=//p' $env | sed -E 's#^amqp://([^@/]*)@.*#\1#')
  local keys=$D/platform-keys.env
  [ -f $keys ] || {
    local k; for k in JWT_SECRET OIDC_CLIENT_SECRET SURVEY_IMPORT_API_KEY AI_WEBHOOK_API_KEY DATA_SERVICE_TOKEN; do
      echo "$k=$(openssl rand -hex 32)"; done > $keys; chmod 600 $keys; }
  {
    for app in recruiting survey_builder ai_jobs backup; do
      echo "$(echo $app | tr a-z A-Z)_DATABASE_URL=postgres://$pgauth@postgres:5432/$K8S_DB"
    done
    echo "RECRUITING_WAREHOUSE_URL="
    echo "MONGODB_URI=mongodb://mongo:27017/"
    # KEDA's operator reads this one too, from its own namespace: a short name would not resolve there
    echo "AMQP_URL=amqp://$amqpauth@rabbitmq.$PLATFORM_NS.svc:5672/$K8S_VHOST"
    echo "REDIS_URL=redis://redis:6379/$K8S_REDIS_DB"
    echo "S3_ACCESS_KEY_ID=$s3key"
    echo "S3_SECRET_ACCESS_KEY=$s3secret"
    echo "AI_API_KEY="
    cat $keys
  } > $D/platform-secrets.env
  chmod 600 $D/platform-secrets.env
  $KUBECTL create secret generic platform-secrets -n $PLATFORM_NS --from-env-file=$D/platform-secrets.env \
    --dry-run=client -o yaml | $KUBECTL apply --server-side -f - >/dev/null
}

# The platform's six images, the backup's and the reference's (scripts/images.sh build, tag dev), imported into the
# node's runtime when podman holds a newer one than was imported last; never pulled.
import_platform_images() {
  bash "$ROOT/scripts/images.sh" build || return 1
  local app ref id
  for app in $PLATFORM_APPS platform-backup platform-docs; do
    ref=localhost/platform/$app:dev
    id=$(podman --storage-driver overlay image inspect --format '{{.Id}}' $ref) || return 1
    [ "$(cat $D/images/$app.id 2>/dev/null)" = "$id" ] && $CTR -n k8s.io images ls -q 2>/dev/null | grep -qxF $ref && continue
    log "importing $ref"
    podman --storage-driver overlay save -q $ref -o $D/images/$app.tar && ctr_import $D/images/$app.tar || return 1
    rm -f $D/images/$app.tar; echo $id > $D/images/$app.id
  done
}
# ctr images import, quiet but for errors (containerd's client repeats its cgroup v1 deprecation warning on each call)
ctr_import() { $CTR -n k8s.io images import "$1" 2>&1 >/dev/null | grep -v 'DEPRECATION: The support for cgroup v1'; return ${PIPESTATUS[0]}; }
import_addon_images() {
  local f
  for f in coredns metrics-server keda; do ctr_import $D/images/$f.tar || return 1; done
}

# The CRDs of every API group the kustomization uses (fetched by scripts/schemas.sh from the projects' releases).
install_crds() {
  bash "$ROOT/scripts/schemas.sh" crds || return 1
  local dir
  for dir in gateway-api-crds envoy-gateway-crds cert-manager-crds keda-crds prometheus-operator-crds; do
    $KUBECTL apply --server-side --force-conflicts -f $ROOT/.tools/schemas/$dir >/dev/null || { log "CRDs of $dir refused"; return 1; }
  done
  $KUBECTL wait --for=condition=Established crd --all --timeout=60s >/dev/null
}

# CoreDNS, metrics-server and KEDA: each one's own manifests (k8s/cluster/<add-on>, over the module's for the last two).
install_addons() {
  local M; M=$(go env GOMODCACHE)
  local work=$D/addons; rm -rf $work; mkdir -p $work
  cp -r $ROOT/k8s/cluster/metrics-server $ROOT/k8s/cluster/keda $work/
  # kustomize takes no absolute path as a resource: each project's manifests are copied beside the kustomization
  cp -r $M/sigs.k8s.io/metrics-server@$METRICS_SERVER_VERSION/manifests $work/metrics-server/upstream
  cp -r $M/github.com/kedacore/keda/v2@$KEDA_VERSION/config $work/keda/upstream
  chmod -R u+w $work
  echo "  - upstream/base" >> $work/metrics-server/kustomization.yaml
  echo "  - upstream/minimal" >> $work/keda/kustomization.yaml
  $KUBECTL -n kube-system create configmap cluster-ca --from-file=ca.crt=$D/pki/ca.crt --dry-run=client -o yaml |
    $KUBECTL apply --server-side -f - >/dev/null || return 1
  $KUBECTL apply --server-side --force-conflicts -f $ROOT/k8s/cluster/coredns.yaml >/dev/null || return 1
  local a; for a in metrics-server keda; do
    $ROOT/.tools/bin/kustomize build $work/$a | $KUBECTL apply --server-side --force-conflicts -f - >/dev/null || { log "$a refused"; return 1; }
  done
  $KUBECTL apply --server-side -f $ROOT/k8s/cluster/gatewayclass.yaml >/dev/null
}

platform_up() {
  local t0; t0=$(date +%s)
  bash "$ROOT/scripts/install.sh" && bash "$ROOT/scripts/services.sh" >/dev/null || { log "install or the machine's services failed"; return 1; }
  import_platform_images && import_addon_images || return 1
  install_crds && install_addons || return 1
  start_relays || return 1
  $KUBECTL apply --server-side -f $ROOT/k8s/overlays/local/namespace.yaml >/dev/null || return 1
  prepare_stores || return 1
  $ROOT/.tools/bin/kustomize build $ROOT/k8s/overlays/local | $KUBECTL apply --server-side --force-conflicts -f - >/dev/null ||
    { log "k8s/overlays/local refused"; return 1; }
  # Every app starts again at the autoscalers' minimum: an earlier `test` scaled some out (KEDA, the HPA), and the node
  # kept those counts through `down`; on one node their pods would leave no CPU for anything scheduled next. The
  # autoscalers raise them again when load asks.
  $KUBECTL -n $PLATFORM_NS scale deployment --all --replicas=2 >/dev/null || return 1
  # Two Ready replicas of each (the autoscalers' minimum). Not `rollout status`: it waits for every replica an autoscaler
  # asks for, and on one node a burst of start-up CPU can ask for more than the node's CPU requests leave room for.
  local app ready
  for app in $PLATFORM_APPS platform-docs; do
    waitfor "$app at two Ready replicas" 600 bash -c "[ \"\$($KUBECTL -n $PLATFORM_NS get deployment $app -o jsonpath='{.status.readyReplicas}')\" -ge 2 ]" ||
      { $KUBECTL -n $PLATFORM_NS get pods -l app.kubernetes.io/name=$app; return 1; }
  done
  for a in "kube-system deployment/coredns" "kube-system deployment/metrics-server" "keda deployment/keda-operator" "keda deployment/keda-metrics-apiserver"; do
    $KUBECTL -n ${a% *} rollout status ${a#* } --timeout=180s >/dev/null || { log "${a#* } did not become Ready"; return 1; }
  done
  log "platform Ready on the node in $(( $(date +%s) - t0 )) s"
  $KUBECTL -n $PLATFORM_NS get deployments,pods -o wide
}

# The platform exercised on the node (k8s/test/cluster.spec.ts), with the machine's services' addresses as the test
# kit reads them.
platform_test() {
  ( cd "$ROOT" && source scripts/lib/node-env.sh && require_node cluster && set -a && source .data/services.env && set +a &&
    export TEST_POSTGRES_URL=$DATABASE_URL TEST_MONGODB_URI=$MONGODB_URI TEST_AMQP_URL=$AMQP_URL TEST_REDIS_URL=$REDIS_URL \
      TEST_S3_ENDPOINT=$S3_ENDPOINT TEST_S3_ACCESS_KEY=$S3_ACCESS_KEY_ID TEST_S3_SECRET_KEY=$S3_SECRET_ACCESS_KEY &&
    npx jest -c k8s/jest.config.ts --runInBand "$@" )
}
