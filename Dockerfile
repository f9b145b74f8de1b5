# checkout-sandbox: the sandbox on 0.0.0.0, state in a volume at /app/.sandbox.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# tsx is a runtime dependency: the sources run as TypeScript, no build step.
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY src ./src
COPY fixtures ./fixtures
COPY scenarios ./scenarios
COPY tsconfig.json ./
VOLUME ["/app/.sandbox"]
# 4010: all surfaces by prefix or Host header; 40x1–40x4: one port per real host (--port-per-host).
EXPOSE 4010 4011 4012 4013 4014 4021 4022 4023 4024
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s \
  CMD node -e "fetch('http://127.0.0.1:4010/__admin/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# /__admin on 0.0.0.0 needs a token: docker run -e SANDBOX_ADMIN_TOKEN=<secret> …, then send
# 'Authorization: Bearer <secret>' to /__admin (GET /__admin/health stays open for the check above).
# Without one the sandbox refuses to start; --insecure-admin opens /__admin to the network instead.
ENV SANDBOX_ADMIN_TOKEN=""
ENTRYPOINT ["node", "--import", "tsx", "src/main.ts"]
CMD ["--host", "0.0.0.0", "--port", "4010", "--port-per-host", "--state", "/app/.sandbox/state.json"]
