# syntax=docker/dockerfile:1
# Tagalong's server image (deploy/README.md): the web app built in one stage, production
# dependencies installed in another, and a slim Node 24 runtime that runs as the unprivileged `node`
# user. The server runs its TypeScript sources directly (Node's type stripping); nothing is compiled.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- The web app (needs the development dependencies: Vite, Tailwind) ---
FROM ${NODE_IMAGE} AS web
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-audit --no-fund
COPY vite.config.ts tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# --- Production dependencies only ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# --- The runtime ---
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/dist/web
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node src/server ./src/server
COPY --chown=node:node src/shared ./src/shared
COPY --from=web --chown=node:node /app/dist ./dist
# The embedded database and images live here when no DATABASE_URL / S3_BUCKET is given.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Ready = the process answers and its database does (GET /api/ready is 503 otherwise).
HEALTHCHECK --interval=15s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests and sockets before exiting (SHUTDOWN_TIMEOUT_MS).
STOPSIGNAL SIGTERM
CMD ["node", "src/server/main.ts"]
