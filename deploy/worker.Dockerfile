# syntax=docker/dockerfile:1
# Image of services/worker: the BullMQ worker: mail and other background jobs; operations port 9464.
# Build from the repository root:  docker build -f deploy/worker.Dockerfile -t budget-worker .

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY libs ./libs
COPY services ./services
RUN npm install --no-audit --no-fund
RUN npx tsc -b services/worker
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
# The operations port (libs/platform/src/observability/probe-server.ts): /live, /ready, /metrics.
# Each service runs in its own container, so each listens on 9464.
ENV METRICS_PORT=9464
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs ./libs
COPY --from=build /app/services/worker ./services/worker
# The outbox folder (MAIL_OUTBOX_DIR when no SMTP_URL) and VAPID_KEYS_FILE's folder (see
# api.Dockerfile): a volume mounted here inherits this owner.
RUN mkdir -p /data/outbox /data/vapid && chown node:node /data/outbox /data/vapid
USER node
EXPOSE 9464
# Ready: PostgreSQL and Redis answer.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.METRICS_PORT + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains running jobs before the process exits: give it time (compose stop_grace_period,
# Kubernetes terminationGracePeriodSeconds).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "services/worker/dist/main.js"]
