# One container: the Node server, Litestream beside it when LITESTREAM_REPLICA_URL
# is set, and the SQLite file on a volume at /data.
# NODE_IMAGE lets a builder without Docker Hub use a mirror of the same image.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: compile better-sqlite3 and the React Router app ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# Production dependencies only; of better-sqlite3's native build only the addon
# itself ships (its object files, static library, test extension and the SQLite
# sources are about 25 MB when it compiles from source).
RUN npm run build \
 && npm prune --omit=dev \
 && cd node_modules/better-sqlite3 \
 && mv build/Release/better_sqlite3.node /tmp/ \
 && rm -rf build deps src \
 && mkdir -p build/Release \
 && mv /tmp/better_sqlite3.node build/Release/

# ---- run: production dependencies and the build only ----
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/app.db \
    MAIL_OUTBOX_DIR=/data/outbox
WORKDIR /app
# The application belongs to root and is read-only to the app user `node`
# (COPY without --chown keeps root as owner and the build's 644/755 modes; a
# chmod -R here would copy every file into a new layer). Only the data folder is
# writable: the entry point gives it to `node`.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.mjs tsconfig.json litestream.yml ./
COPY app ./app
COPY migrations ./migrations
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
EXPOSE 3000
VOLUME ["/data"]
# Starts as root only to give the data folder to `node`, then runs the command
# as `node` with no capabilities (setpriv from util-linux, part of the base image).
ENTRYPOINT ["/app/scripts/docker-entrypoint.sh"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM: stop accepting, finish requests, stop Litestream after its final sync.
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
