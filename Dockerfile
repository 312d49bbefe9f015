# Cenote Atlas: the production path of docs/deploy.md in two stages.
#   build:   npm ci (with the dev dependencies) && npm run build && npm prune --omit=dev
#   runtime: the pruned node_modules, dist/, content/ and db/migrations; no compiler, no sources.
# docker build -t cenote-atlas .
# docker run -p 3000:3000 -v cenote-data:/data -e PUBLIC_URL=https://cenoteatlas.example cenote-atlas

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY content ./content
COPY db ./db
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# package.json too: it makes dist/*.js ES modules ("type": "module").
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/content ./content
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/scripts/start.mjs /app/scripts/build-state.mjs ./scripts/
# The application files stay root's (read-only to the server); only the data volume is its own.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# 200 once migrations and the first-start seed are done (the seed takes a while on a first start).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between: npm adds a process (~70 MB) and a shell that do
# not pass `docker stop`'s SIGTERM on to the server, which then cannot stop gracefully.
CMD ["node", "scripts/start.mjs"]
