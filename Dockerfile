# One container: the Node server, Litestream beside it when LITESTREAM_REPLICA_URL
# is set, and the SQLite file on a volume at /data.
# NODE_IMAGE lets a builder without Docker Hub use a mirror of the same image
# (npm run container:check builds a local stand-in: scripts/container-standin.sh).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: install, build the app and its command-line tools ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Nothing is compiled: better-sqlite3 13 and sharp ship prebuilt Node-API
# binaries in their npm packages, so this stage needs no python3, make or g++.
# Install scripts are skipped because npm (11.21 at least) still runs
# `node-gyp rebuild` for better-sqlite3, whose package also carries its C
# sources and binding.gyp: a compile that needs a compiler and Node's headers
# from nodejs.org. The one install script the build needs is esbuild's (Vite).
# The optional secret `build_ca` is for a builder behind a TLS-intercepting proxy
# (its CA, trusted by npm for this step only); a normal build passes none.
RUN --mount=type=secret,id=build_ca,required=false \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi \
 && npm ci --ignore-scripts \
 && npm rebuild esbuild
COPY . .
# Then production dependencies only. TypeScript stays behind although npm keeps
# it (an optional peer of @react-router/node, used for types only). Of
# better-sqlite3 only the prebuilt addon for this platform ships (the package
# carries eight, its C sources and the SQLite amalgamation: about 27 MB).
RUN npm run build \
 && npm prune --omit=dev \
 && rm -rf node_modules/typescript \
 && cd node_modules/better-sqlite3 \
 && addon="prebuilds/$(node -p 'process.platform + "-" + process.arch').node" \
 && test -f "$addon" \
 && find prebuilds -name '*.node' ! -path "$addon" -delete \
 && rm -rf deps src binding.gyp build

# ---- run: production dependencies and the build only ----
FROM ${NODE_IMAGE}
# The system's trust store, which the node:*-slim images leave out (Node carries
# its own roots; Litestream, a Go program, reads /etc/ssl/certs). Without it no
# https storage endpoint (S3, Tigris) is trusted. Nothing else is installed.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/app.db \
    MAIL_OUTBOX_DIR=/data/outbox
WORKDIR /app
# The application belongs to root and is read-only to the app user `node`
# (COPY without --chown keeps root as owner and the build's 644/755 modes; a
# chmod -R here would copy every file into a new layer). Only the folders the
# app writes to are writable: the entry point gives them to `node`. The
# command-line tools run as plain JavaScript from build/cli (scripts/cli.mjs).
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.mjs litestream.yml ./
COPY scripts/docker-entrypoint.sh scripts/cli.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
EXPOSE 3000
VOLUME ["/data"]
# Starts as root only to give the data folder, the outbox and a file:// replica
# folder to `node`, then runs the command as `node` with no capabilities
# (setpriv from util-linux, part of the base image).
ENTRYPOINT ["/app/scripts/docker-entrypoint.sh"]
# Liveness: the server answers and its database does. While starting, it is
# probed every 2 s, so it is reported healthy within seconds of answering (a
# restore from the replica may take the first minute); then every 30 s.
# Replication has its own answer, /healthz/replication (docs/deploy.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM: stop accepting, finish requests, stop Litestream after its final sync.
STOPSIGNAL SIGTERM
# The Node flags are those of `npm start` (a unit test holds the two equal):
# a small young generation keeps the heap near what the server uses under load
# (docs/load-and-limits.md has the figures).
CMD ["node", "--max-semi-space-size=4", "server.mjs"]
