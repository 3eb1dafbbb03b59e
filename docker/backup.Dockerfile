# syntax=docker/dockerfile:1
# The backup image: `scripts/backup.sh backup` with the stores' own tools, for the CronJob of k8s/components/backup.
#   bash scripts/images.sh build platform-backup      (buildah; docs/operations/backup.md)
# PostgreSQL's client is Debian bookworm's (15): pg_dump must be of the server's major version or newer, so against a
# newer server build on a base that carries its client. rclone is the binary scripts/backup.sh builds from the Go
# module proxy (.tools/bin; the only file of .tools in the build context besides Caddy); MongoDB is dumped with the
# official driver (scripts/lib/backup-mongo.mjs).
# Backups only: a restore repairs the platform with its own code, so it runs from a checkout.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# The one package the backup's Node scripts need (the MongoDB driver, at the lockfile's version).
FROM ${NODE_IMAGE} AS deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN node -e 'const r = require("./package.json"); require("fs").writeFileSync("package.json", JSON.stringify({ name: "platform-backup", private: true, version: r.version, license: r.license, dependencies: { mongodb: r.dependencies.mongodb } }, null, 2))' \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund && rm package-lock.json .npmrc

FROM ${NODE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app ./
COPY .tools/bin/rclone /usr/local/bin/
COPY scripts/backup.sh scripts/
COPY scripts/lib/node-env.sh scripts/lib/backup-tools.sh scripts/lib/backup-manifest.mjs scripts/lib/backup-mongo.mjs scripts/lib/backup-mongo-drop.mjs scripts/lib/
ARG PLATFORM_COMMIT=unknown
# The tools are on PATH already; a backup to S3 is staged in /tmp (an emptyDir: the root file system is read-only).
ENV BACKUP_TOOLS=/usr/local/bin BACKUP_STAGING=/tmp HOME=/tmp PLATFORM_COMMIT=${PLATFORM_COMMIT}
USER 1000:1000
ENTRYPOINT ["bash", "scripts/backup.sh"]
CMD ["backup"]
