# syntax=docker/dockerfile:1
# Paddock's image (docs/operations/deploy.md "The image"): built once, the compiled server and the built web apps on
# production dependencies only. scripts/rehearse.ts starts this very command, two instances behind
# deploy/haproxy.cfg, and checks sign-in, readings and a rolling restart with no failed request.
ARG NODE_VERSION=20.19

# --- deps: every dependency, the build tools included (cached while the lock file does not change) ---
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY webpack/package.json webpack/
COPY shell/package.json shell/
COPY mfe-account/package.json mfe-account/
COPY mfe-devices/package.json mfe-devices/
COPY mfe-billing/package.json mfe-billing/
COPY mfe-admin/package.json mfe-admin/
COPY server/package.json server/
COPY tests/package.json tests/
COPY mobile/package.json mobile/
RUN npm ci --no-audit --no-fund

# --- build: the web apps (shell/dist, mfe-*/dist) and the server (server/dist/main.js) ---
FROM deps AS build
COPY . .
RUN npm run build

# --- prod-deps: production dependencies only ---
FROM deps AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

# --- runtime ---
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/paddock
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/shared/package.json ./shared/
COPY --from=build --chown=root:root /app/server/package.json ./server/
COPY --from=build --chown=root:root /app/server/dist ./server/dist
COPY --from=build --chown=root:root /app/server/public ./server/public
COPY --from=build --chown=root:root /app/shell/dist ./shell/dist
COPY --from=build --chown=root:root /app/mfe-account/dist ./mfe-account/dist
COPY --from=build --chown=root:root /app/mfe-devices/dist ./mfe-devices/dist
COPY --from=build --chown=root:root /app/mfe-billing/dist ./mfe-billing/dist
COPY --from=build --chown=root:root /app/mfe-admin/dist ./mfe-admin/dist
# The code belongs to root and is read-only to the server; only DATA_DIR (a one-box installation's PGlite, backups)
# is its own. The image's node user (uid 1000) runs it.
RUN mkdir -p /var/lib/paddock && chown node:node /var/lib/paddock
USER node
EXPOSE 8080 1883
# Readiness, not liveness: 503 while the database or broker is away and from the first moment of a shutdown.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 (no npm, no shell): SIGTERM reaches the server's graceful shutdown, which exits 0 within
# SHUTDOWN_GRACE_SECONDS (25 s, below Docker's 30 s before SIGKILL).
STOPSIGNAL SIGTERM
CMD ["node", "server/dist/main.js", "serve"]
