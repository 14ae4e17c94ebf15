# syntax=docker/dockerfile:1
# Static image of one front end, served by nginx (unprivileged, port 8080).
#   docker build -f deploy/web.Dockerfile --build-arg APP=shell -t budget-web-shell .
#   APP is one of: shell, home, accounts, reports, admin.
# The shell is served at / with an SPA fallback and proxies /api/ to the api service and
# /remotes/<name>/ to the web-<name> services; a remote serves its build at /remotes/<name>/.

FROM node:20-bookworm-slim AS build
ARG APP=shell
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund
RUN npx rspack build --config frontends/${APP}/rspack.config.mjs
# The .gz copies nginx serves with gzip_static (the .br ones need nginx's brotli module).
RUN node --input-type=module -e "const { compressDir } = await import('/app/frontends/compress-assets.mjs'); await compressDir('/app/frontends/${APP}/dist');"

FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG APP=shell
COPY deploy/nginx/ /tmp/nginx/
COPY --from=build /app/frontends/${APP}/dist /tmp/dist/
USER root
RUN set -eu; \
    rm -rf /usr/share/nginx/html/*; \
    cp /tmp/nginx/security-headers.inc /etc/nginx/conf.d/security-headers.inc; \
    if [ "${APP}" = shell ]; then \
      cp /tmp/nginx/shell.conf /etc/nginx/conf.d/default.conf; \
      cp -r /tmp/dist/. /usr/share/nginx/html/; \
    else \
      cp /tmp/nginx/remote.conf /etc/nginx/conf.d/default.conf; \
      mkdir -p "/usr/share/nginx/html/remotes/${APP}"; \
      cp -r /tmp/dist/. "/usr/share/nginx/html/remotes/${APP}/"; \
    fi; \
    rm -rf /tmp/nginx /tmp/dist
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
