# syntax=docker/dockerfile:1
# Image of services/worker: the BullMQ worker: mail and other background jobs.
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
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs ./libs
COPY --from=build /app/services/worker ./services/worker
# The outbox folder (MAIL_OUTBOX_DIR when no SMTP_URL): a volume mounted here inherits this owner.
RUN mkdir -p /data/outbox && chown node:node /data/outbox
USER node
# SIGTERM drains running jobs before the process exits: give it time (compose stop_grace_period,
# Kubernetes terminationGracePeriodSeconds).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "services/worker/dist/main.js"]
