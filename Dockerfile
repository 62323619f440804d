# Dreamreel: build the single binary, run it as a non-root user with its data on a volume.
#   docker build -t dreamreel .
#   docker run -p 8000:8000 -v dreamreel-data:/data -e SITE_URL=https://example.com dreamreel

FROM denoland/deno:2.9.6 AS build
WORKDIR /src
ENV NODE_ENV=production DENO_NO_UPDATE_CHECK=1
# Dependencies first, so code changes do not refetch them.
COPY deno.json deno.lock ./
RUN deno install --frozen
COPY . .
# Builds islands + CSS into static/build, then compiles (downloads the denort runtime).
RUN deno task compile && test -x ./dreamreel

FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg ca-certificates curl \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 dreamreel \
  && useradd --system --uid 10001 --gid dreamreel --home-dir /data --shell /usr/sbin/nologin dreamreel \
  && mkdir -p /data && chown dreamreel:dreamreel /data
COPY --from=build /src/dreamreel /usr/local/bin/dreamreel
# Litestream 0.3.13 for REPLICA_URL (the npm package's binary; the compiled binary finds it on the PATH).
COPY --from=build /src/node_modules/@flydotio/litestream-linux-x64/litestream /usr/local/bin/litestream
ENV NODE_ENV=production DATA_DIR=/data PORT=8000 HOST=0.0.0.0
VOLUME ["/data"]
EXPOSE 8000
USER dreamreel
WORKDIR /data
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD curl -fsS -o /dev/null "http://127.0.0.1:${PORT}/healthz" || exit 1
# SIGTERM lets the server finish in-flight requests and close the database.
STOPSIGNAL SIGTERM
CMD ["/usr/local/bin/dreamreel"]
