# syntax=docker/dockerfile:1
# Image of services/projector: the projector: applies the event log to the read models (one
# active, others standby: services/projector/src/leader.ts); operations port 9464.
# Build from the repository root:  docker build -f deploy/projector.Dockerfile -t budget-projector .

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY libs ./libs
COPY services ./services
RUN npm install --no-audit --no-fund
RUN npx tsc -b services/projector
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
COPY --from=build /app/services/projector ./services/projector
USER node
EXPOSE 9464
# Ready: PostgreSQL, the event store and the leader lock's connection answer (a standby is ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.METRICS_PORT + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "services/projector/dist/main.js"]
