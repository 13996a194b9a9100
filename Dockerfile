# The API with every frontend built in, on Node 24.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY openapi/package.json openapi/
COPY apps/api/package.json apps/api/
COPY apps/shell/package.json apps/shell/
COPY apps/projects/package.json apps/projects/
COPY apps/bids/package.json apps/bids/
COPY apps/account/package.json apps/account/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build /app /app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "apps/api/src/main.ts"]
