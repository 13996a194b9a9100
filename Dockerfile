# BuildBid images, on Node 24 (docs/remote-teams.md):
#   docker build --target app .                              the API serving the shell (and, as a
#                                                            fallback, every remote's build)
#   docker build --target remote --build-arg REMOTE=bids .   one remote's static folder, served alone
# Both run as the unprivileged `node` user. .dockerignore keeps node_modules, .data and secrets out.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY openapi/package.json openapi/
COPY packages/ui/package.json packages/ui/
COPY packages/test-kit/package.json packages/test-kit/
COPY packages/federation/package.json packages/federation/
COPY packages/domain/package.json packages/domain/
COPY apps/shell/package.json apps/shell/
COPY apps/projects/package.json apps/projects/
COPY apps/bids/package.json apps/bids/
COPY apps/account/package.json apps/account/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .

# The whole product: every frontend built (production mode whatever NODE_ENV says), then dev deps pruned.
FROM deps AS build
RUN npm run build && npm prune --omit=dev

# One remote, built alone.
FROM deps AS remote-build
ARG REMOTE
RUN test -n "$REMOTE" && npm run build -w "apps/$REMOTE"

# A remote's own deployable: its dist/ and a tiny static server (CORS, no-cache entry files,
# immutable hashed chunks, pre-compressed files, /healthz). Nothing else from the repository.
FROM node:24-slim AS remote
ARG REMOTE
WORKDIR /srv
COPY --from=remote-build /app/scripts/serve-remote.ts ./serve-remote.ts
COPY --from=remote-build /app/apps/${REMOTE}/dist ./dist
ENV PORT=8080 HOST=0.0.0.0
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "serve-remote.ts", "dist"]

# The API with the shell (the default target).
FROM node:24-slim AS app
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "apps/api/src/main.ts"]
