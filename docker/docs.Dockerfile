# syntax=docker/dockerfile:1
# The API reference image: the four OpenAPI documents rendered with Redoc (`npm run docs:reference`), served by Caddy's
# static file server at /docs/ on port 8080, for a cluster to route /docs to (docs/operations/go-live.md).
#   bash scripts/images.sh build platform-docs      (buildah)
# Caddy is the binary scripts/services.sh builds from the Go module proxy for the local edge (.tools/bin/caddy, the one
# file of .tools besides the backup's tools in the build context).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# The same first stage as docker/Dockerfile's, so the builds share its layer.
FROM ${NODE_IMAGE} AS deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-audit --no-fund

FROM deps AS reference
COPY docs/openapi ./docs/openapi
COPY scripts/reference.ts ./scripts/
RUN node -r @swc-node/register scripts/reference.ts /app/reference/docs

FROM ${NODE_IMAGE}
COPY .tools/bin/caddy /usr/local/bin/caddy
COPY docker/docs.Caddyfile /etc/caddy/Caddyfile
COPY --from=reference /app/reference /srv
# Caddy's data and configuration folders: /tmp (an emptyDir: the root file system is read-only); it persists nothing.
ENV HOME=/tmp XDG_CONFIG_HOME=/tmp XDG_DATA_HOME=/tmp PORT=8080
USER 1000:1000
EXPOSE 8080
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
