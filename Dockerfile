# One build for the api and worker (target app) and the web front (target web: nginx with the built SPA).
FROM node:22-bookworm-slim AS build
WORKDIR /srv
RUN npm install -g pnpm@10.34.9
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml prisma.config.ts tsconfig.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY prisma prisma
COPY scripts scripts
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm generate && pnpm --filter @qshop/web build

FROM build AS app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 UPLOAD_DIR=/srv/uploads PRIVATE_UPLOAD_DIR=/srv/private-uploads
# A Chinese font for the headlines the demo seed draws on its banner pictures (packages/server/src/seed/artwork.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fontconfig fonts-wqy-microhei && rm -rf /var/lib/apt/lists/*
# Not root: the upload folders and the secrets folder (volumes in compose, which take this owner and mode when they
# are first created) are the only places the app writes to.
RUN mkdir -p /srv/uploads /srv/private-uploads /srv/secrets && chown node:node /srv/uploads /srv/private-uploads /srv/secrets && chmod 700 /srv/secrets
USER node
EXPOSE 3000
CMD ["node_modules/.bin/tsx", "scripts/start.ts"]

FROM nginx:1.27-alpine AS web
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /srv/packages/web/dist /usr/share/nginx/html
