# checkout-sandbox: the built sandbox on 0.0.0.0, state in a volume at /app/.sandbox.
#
#   docker build -t checkout-sandbox .
#   docker run --rm -p 4010:4010 checkout-sandbox
#
# The emulated hosts answer at once on http://127.0.0.1:4010. /__admin is reachable from the
# network in a container, so it needs a token: unless SANDBOX_ADMIN_TOKEN gives one, the
# sandbox makes one at start and prints it in the log ("admin: /__admin needs 'Authorization:
# Bearer …'"). docs/docker.md has the rest: ports, state, scenario, compose.
#
# The newest Node.js line package.json's engines names (the README says until when), Debian
# bookworm slim. Two stages: the first installs everything and compiles src/ to dist/; the
# second holds only the built JavaScript, the production dependencies, the fixtures and the
# scenarios, and runs as the unprivileged `node` user. No TypeScript, tsx or esbuild at run time.

# ---- build: compile src/ to dist/ and prune to production dependencies
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The empty stand-in package.json installs in place of swagger-ui-dist's telemetry (@scarf/scarf).
COPY scripts/no-scarf ./scripts/no-scarf
# --ignore-scripts: `prepare` would build before the sources are here; the build runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: built JavaScript + production node_modules + fixtures + scenarios
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
# The young generation capped at start (docs/cli-and-library.md, "A smaller footprint").
ENV NODE_OPTIONS=--max-semi-space-size=8
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY fixtures ./fixtures
COPY scenarios ./scenarios
COPY docker/healthcheck.mjs ./docker/healthcheck.mjs
# The state volume belongs to the unprivileged user the sandbox runs as.
RUN mkdir -p /app/.sandbox && chown node:node /app/.sandbox
USER node
VOLUME ["/app/.sandbox"]
# 4010: all surfaces by prefix or Host header; 40x1–40x4: one port per real host (--port-per-host);
# with SANDBOX_TLS=1, HTTPS on the real host names: 443, or 4443 (4010 + 433) where 443 may not be bound.
EXPOSE 4010 4011 4012 4013 4014 4021 4022 4023 4024 443 4443
# Probes the port the sandbox was started with, as the CLI reads it: its --port, else $PORT, else 4010.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s \
  CMD ["node", "docker/healthcheck.mjs"]
# /__admin on 0.0.0.0 needs a token: docker run -e SANDBOX_ADMIN_TOKEN=<secret> … chooses it (then
# send 'Authorization: Bearer <secret>' to /__admin); left empty, the sandbox makes one at start and
# prints it. GET /__admin/health stays open for the check above; --insecure-admin opens /__admin.
ENV SANDBOX_ADMIN_TOKEN=""
ENTRYPOINT ["node", "dist/main.js"]
CMD ["--host", "0.0.0.0", "--port", "4010", "--port-per-host", "--state", "/app/.sandbox/state.json"]
