# syntax=docker/dockerfile:1
# Image of services/projector: the projector: applies the event log to the read models.
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
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs ./libs
COPY --from=build /app/services/projector ./services/projector
USER node
CMD ["node", "--enable-source-maps", "services/projector/dist/main.js"]
