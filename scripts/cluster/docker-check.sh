#!/bin/bash
# Checks the Dockerfile where no container engine can run: when `docker info` reaches a
# daemon, it builds the image and runs it; otherwise it replays the Dockerfile's own
# instructions, in order, in a clean directory standing for the image's filesystem:
#   FROM        the base image cannot be pulled: this machine's node must be the same major
#   RUN         run with bash, in the WORKDIR; a step with apt-get is not run on this
#               machine (it would empty its package lists): the packages it installs must be
#               installed here (dpkg), and are installed if they are not
#   WORKDIR     a directory under the clean one (/app → $W/app)
#   COPY . .    the build context (this repository's working tree) minus .dockerignore
#   ENV         exported
#   ENTRYPOINT  run with CMD's arguments, then with a run of our own (a volume for results)
# then runs the entry point as the docs do (a short run into a database on a "volume", and
# `sim` from the PATH, as the Kubernetes example's command does). Paths of the image (/app,
# /usr/local/bin) are the clean directory's, and so is npm's cache. It removes what it
# made; packages RUN installs stay installed.
#
#   bash scripts/cluster/docker-check.sh
#
# Exit 0: every step and run succeeded; 1: one failed; 2: it cannot run here.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DOCKERFILE=$ROOT/Dockerfile
say() { printf '[docker-check] %s\n' "$*"; }
die() { say "FAILED: $*"; exit 1; }

if command -v docker > /dev/null && docker info > /dev/null 2>&1; then
  say "a container engine answers: building and running the image"
  docker build -t werewolf-lab:check "$ROOT"
  docker run --rm werewolf-lab:check --version
  docker run --rm werewolf-lab:check --games 2000 --no-db --json > /dev/null
  say "OK: built and ran werewolf-lab:check"
  exit 0
fi
if command -v docker > /dev/null; then why=$(docker info 2>&1 | grep -m1 -i 'cannot connect\|error' || true); else why='docker is not installed'; fi
say "no container engine: ${why:-docker info fails}"
say "replaying the Dockerfile's steps in a clean directory"

W=$(mktemp -d /tmp/docker-check.XXXXXX)
trap 'rm -rf "$W"; say "removed $W"' EXIT
mkdir -p "$W/results" "$W/usr/local/bin"
# npm's cache in the clean directory: the Dockerfile's `npm cache clean` must not empty this machine's.
export npm_config_cache=$W/root/.npm
map() { # a path of the image → its place under $W
  case "$1" in /*) printf '%s%s' "$W" "$1" ;; *) printf '%s/%s' "$WORKDIR" "$1" ;; esac
}
WORKDIR=$W
ENTRY=()
CMD=()

# Instructions, continuation lines joined, comments dropped.
mapfile -t STEPS < <(sed -e 's/^[[:space:]]*#.*$//' "$DOCKERFILE" | awk '{ if (sub(/\\$/, "")) { buf = buf $0 } else { print buf $0; buf = "" } }' | grep -v '^[[:space:]]*$')
for step in "${STEPS[@]}"; do
  op=${step%% *}
  arg=${step#* }
  say "$step"
  case "$op" in
    FROM)
      want=$(sed -n 's/^node:\([0-9]*\).*/\1/p' <<< "$arg")
      have=$(node -p 'process.versions.node.split(".")[0]')
      [ "$want" = "$have" ] || die "the image is Node $want, this machine has Node $have"
      say "  (base image not pulled: this machine's Node $(node --version), $(. /etc/os-release && echo "$PRETTY_NAME"))"
      ;;
    WORKDIR)
      WORKDIR=$(map "$arg")
      mkdir -p "$WORKDIR"
      ;;
    COPY)
      read -r src dest <<< "$arg"
      [ "$src" = . ] || die "this replay copies the whole context only (COPY . DEST), not: $step"
      excludes=()
      while IFS= read -r p; do
        p=${p%%#*}
        p=$(echo "$p" | xargs)
        [ -n "$p" ] && excludes+=("--exclude=./$p")
      done < "$ROOT/.dockerignore"
      target=$(map "$dest")
      mkdir -p "$target"
      tar -C "$ROOT" --anchored "${excludes[@]}" -cf - . | tar -C "$target" -xf -
      say "  copied $(find "$target" -type f | wc -l) files ($(du -sh "$target" | cut -f1))"
      ;;
    ENV)
      export "${arg?}"
      ;;
    RUN)
      if [[ "$arg" == *apt-get* ]]; then
        pkgs=$(sed -n 's/.*apt-get install\(.*\)/\1/p' <<< "$arg" | sed 's/&&.*//' | tr ' ' '\n' | grep -v '^-' | grep -v '^$' | paste -sd' ')
        for pkg in $pkgs; do
          if dpkg -s "$pkg" > /dev/null 2>&1; then say "  $pkg: installed here ($(dpkg-query -W -f='${Version}' "$pkg"))"
          else DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$pkg" > /dev/null && say "  $pkg: installed now"; fi
        done
        continue
      fi
      # The image's absolute paths (/app, /usr/local/bin) are the clean directory's.
      cmd=$(sed -e "s#\(^\| \)/\(app\|usr/local/bin\)#\1$W/\2#g" <<< "$arg")
      (cd "$WORKDIR" && bash -euo pipefail -c "$cmd") > "$W/step.log" 2>&1 || { tail -n 30 "$W/step.log"; die "$step"; }
      tail -n 3 "$W/step.log" | sed 's/^/  | /'
      ;;
    ENTRYPOINT) mapfile -t ENTRY < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "$arg") ;;
    CMD) mapfile -t CMD < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "$arg") ;;
    *) die "this replay does not know $op" ;;
  esac
done

[ ${#ENTRY[@]} -gt 0 ] || die "no ENTRYPOINT"
entry=()
for a in "${ENTRY[@]}"; do case "$a" in /*) entry+=("$(map "$a")") ;; *) entry+=("$a") ;; esac; done
run() { say "docker run … $*" >&2; (cd "$WORKDIR" && "${entry[@]}" "$@"); }
run "${CMD[@]}" > /dev/null
run --version
out=$(run --games 2000 --db "$W/results/check.db" --json)
node -e 'const r = JSON.parse(process.argv[1]); if (r.games !== 2000 || !r.complete) process.exit(1); console.log(`[docker-check]   ${r.games} games stored in /results/check.db, ${Math.round(r.gamesPerSecond)} games/s`)' "$out" || die "the run did not store its games"
links=$(grep -o 'ln -s [^ ]* /usr/local/bin/sim' "$DOCKERFILE" | awk '{print $3}')
[ -n "$links" ] || die "the Dockerfile puts no sim on the PATH (the Kubernetes example's command)"
say "sim on the PATH: $links → /usr/local/bin/sim (the Kubernetes example's command)"
"$(map "$links")" --version > /dev/null || die "sim on the PATH does not run"
[ ! -d "$WORKDIR/node_modules/typescript" ] || die "the dev dependencies were not pruned"
say "OK: every step of the Dockerfile ran, and its entry point plays and stores a run"
