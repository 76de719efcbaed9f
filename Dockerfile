# Launchcrew production image: build with the dev dependencies, run with the runtime ones,
# as a non-root user. See docs/deploy.md.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lockfile was made on another platform: npm ci can miss this one's optional binaries.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
# `build` is a link to the current build folder (ADR 0037): the image gets a plain copy.
RUN npm run build && cp -rL build /app/build-image && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build-image ./build
COPY --from=build --chown=node:node /app/server.js ./
COPY --from=build --chown=node:node /app/server/*.js ./server/
# The share cards' fonts, read at run time (app/lib/share-cards/card-fonts.server.ts).
COPY --from=build --chown=node:node /app/server/fonts ./server/fonts
COPY --from=build --chown=node:node /app/db/migrations ./db/migrations
# Database functions, applied by the migrator when their text changes (ADR 0034).
COPY --from=build --chown=node:node /app/db/functions ./db/functions
# Uploaded images live here: mount a volume (or set UPLOADS_DIR to one).
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
VOLUME ["/app/data/uploads"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
