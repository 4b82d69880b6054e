# The werewolf-lab image, for the Kubernetes Indexed Job of docs/cluster.md (and any
# container run): Node 20 on Debian slim, the package installed with `npm ci` (which builds
# dist/), `sim` as the entry point.
#
#   docker build -t werewolf-lab .
#   docker run --rm -v "$PWD/results:/results" werewolf-lab --games 100000 --db /results/run.db
#
# scripts/cluster/docker-check.sh replays these steps in a clean directory where no
# container engine can run.
FROM node:20-bookworm-slim

# better-sqlite3 compiles from source when no prebuilt binary can be fetched; python3 also
# runs the Python example agents (exec:python3 examples/agents/…).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY . .
# npm ci installs the locked versions and builds dist/ (the prepare script); the dev
# dependencies (the compiler, the test runner) are dropped after the build.
RUN npm ci && npm prune --omit=dev && npm cache clean --force \
 && ln -s /app/dist/bin/sim.js /usr/local/bin/sim

# `docker run IMAGE --games …` runs sim; a shell in the image has `sim` on its PATH (the
# Kubernetes example's command). Not `npx sim`: with npm's cache emptied npx cannot find it.
ENTRYPOINT ["node", "/app/dist/bin/sim.js"]
CMD ["--help"]
