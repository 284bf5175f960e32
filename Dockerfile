# Club Profile's image (decision 042), after Docker's official guidance for Node: built in one stage, its production
# dependencies installed in another, and only what the server runs copied into the last, which runs as `node`.
#
#   docker build -t club-profile .
#   docker run -p 3000:3000 -v club-data:/app/data club-profile           # the embedded database, on a volume
#   compose.yaml: PostgreSQL, Redis, the one-shot migration and the app    # production
#
# `npm run test:container` builds this file unchanged and checks the image.

# The build: every dependency from the lock file, then the pages, the console and the compiled server (dist/).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What the server imports at run time, and nothing else: `--omit=optional` also leaves out the optional peers of
# production packages (better-auth's drizzle-kit, vitest and happy-dom; TypeScript; Vue) that npm would otherwise
# install because they are our dev dependencies (decision 014).
FROM node:24-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund

# tini, Debian's package, for PID 1: it passes SIGTERM and SIGINT on to node, which stops gracefully, and reaps any
# orphan. Node as PID 1 gets no default action for a signal it has no handler for yet (one arriving during the
# migrations would be lost). Only its binary is copied on: apt's lists and caches stay in this stage.
FROM node:24-bookworm-slim AS init
RUN apt-get update && apt-get install -y --no-install-recommends tini

FROM node:24-bookworm-slim
COPY --from=init /usr/bin/tini /usr/bin/tini
ENV NODE_ENV=production \
  PORT=3000 \
  DATA_DIR=/app/data
WORKDIR /app
# Owned by root and read-only to the server: only DATA_DIR is its to write.
COPY package.json ./
COPY server/platform/db/migrations ./server/platform/db/migrations
COPY server/features/vehicles/data ./server/features/vehicles/data
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The embedded database (and, on it, the session secret and the command line's key) lives here; on PostgreSQL
# nothing is written to it. A volume, so that it outlives the container and a read-only root filesystem.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Ready, not merely alive: 503 while starting (migrations), stopping, or without its database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--"]
CMD ["node", "dist/server/main.js"]
