# Stages: build (every dependency; compiles the server and builds the web app) → deps (the server's production
# dependencies alone) → app (the api and worker image: compiled JavaScript, production dependencies, no tsx, no
# TypeScript, no test or build tools) and web (nginx with the built SPA).
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
# the web app (packages/web/dist) and the server (packages/server/dist, scripts/build.ts)
RUN pnpm generate && pnpm build

# Only what packages/server/package.json lists under dependencies (scripts/build.ts checks the compiled server imports
# nothing else). No install scripts: the root's postinstall runs the prisma CLI, a dev dependency; sharp and argon2 come
# as prebuilt packages.
FROM node:22-bookworm-slim AS deps
WORKDIR /srv
RUN npm install -g pnpm@10.34.9
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN pnpm install --prod --frozen-lockfile --ignore-scripts --filter "@qshop/server..."

FROM node:22-bookworm-slim AS app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 UPLOAD_DIR=/srv/uploads PRIVATE_UPLOAD_DIR=/srv/private-uploads
WORKDIR /srv
# pnpm's layout: the packages in node_modules/.pnpm, linked from packages/server/node_modules.
COPY --from=deps /srv/node_modules node_modules
COPY --from=deps /srv/packages/server/node_modules packages/server/node_modules
# package.json files: "type": "module" makes the compiled .js files ES modules.
COPY package.json ./
COPY packages/server/package.json packages/server/
COPY --from=build /srv/packages/server/dist packages/server/dist
# read at run time from the repository's root: the migrations (start applies them) and the web app's pages
COPY prisma/migrations prisma/migrations
COPY --from=build /srv/packages/web/dist packages/web/dist
# Not root: the upload folders and the secrets folder (volumes in compose, which take this owner and mode when they
# are first created) are the only places the app writes to.
RUN mkdir -p /srv/uploads /srv/private-uploads /srv/secrets && chown node:node /srv/uploads /srv/private-uploads /srv/secrets && chmod 700 /srv/secrets
USER node
EXPOSE 3000
# Source maps: stack traces name the TypeScript files and lines.
CMD ["node", "--enable-source-maps", "packages/server/dist/start.js"]

FROM nginx:1.28-alpine AS web
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /srv/packages/web/dist /usr/share/nginx/html
