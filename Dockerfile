# The conversion webhook's image: `version-explorer webhook` (docs/webhook.md). Runs as a non-root user and needs
# no writable path (tsx's compile cache is off), so the pod can set readOnlyRootFilesystem: true.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production TSX_DISABLE_CACHE=1
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
COPY rules ./rules
# 65532: the conventional "nonroot" user of distroless images; numeric so runAsNonRoot can verify it
USER 65532:65532
EXPOSE 9443
ENTRYPOINT ["node", "bin/version-explorer.mjs"]
CMD ["webhook", "--help"]
