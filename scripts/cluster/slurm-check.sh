#!/bin/bash
# Checks docs/cluster.md's Slurm array job on a one-node cluster started on this machine:
# the array script and the merge command are taken from the page itself (the fenced blocks
# after `<!-- slurm-array-script -->` and `<!-- slurm-merge-command -->`; the README's, if
# the page does not hold them), the script is submitted as the page says with 4 shards, the
# merge runs after it, and the merged games must equal one unsharded run of the same
# configuration, game for game. Everything it starts (munged, slurmctld, slurmd, the jobs)
# is stopped when it ends, however it ends; what it installs stays installed.
#
# Root and Debian (apt-get) only: it installs slurm-wlm and munge when they are missing
# (with services kept from starting on install), and runs the daemons from a temporary
# directory (their own munge key and socket, state, logs and ports), not from /etc.
# Not part of `npm test`: see docs/cluster.md.
#
#   bash scripts/cluster/slurm-check.sh            # GAMES=20000 by default
#   GAMES=100000 bash scripts/cluster/slurm-check.sh
#   bash scripts/cluster/slurm-check.sh --print    # only print the two blocks it would use
#
# Exit 0: the merged run equals the unsharded one; 1: it does not, or a job failed; 2: it
# cannot run here (not root, no apt-get, no built dist/).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GAMES=${GAMES:-20000}
SHARDS=4
say() { printf '[slurm-check] %s\n' "$*"; }
die() { say "FAILED: $*"; exit 1; }

# --- the page's script and merge command ------------------------------------------------
DOC=$ROOT/docs/cluster.md
grep -q '<!-- slurm-array-script -->' "$DOC" 2>/dev/null || DOC=$ROOT/README.md
block() { # the fenced block after the marker line <!-- $1 -->
  awk -v m="<!-- $1 -->" '$0 == m { f = 1; next } f && /^```/ { if (inside) exit; inside = 1; next } f && inside { print }' "$DOC"
}
ARRAY_SCRIPT=$(block slurm-array-script)
MERGE_COMMAND=$(block slurm-merge-command)
[ -n "$ARRAY_SCRIPT" ] || die "no <!-- slurm-array-script --> block in $DOC"
[ -n "$MERGE_COMMAND" ] || die "no <!-- slurm-merge-command --> block in $DOC"
if [ "${1:-}" = --print ]; then
  printf '# %s: <!-- slurm-array-script -->\n%s\n# <!-- slurm-merge-command -->\n%s\n' "${DOC#"$ROOT"/}" "$ARRAY_SCRIPT" "$MERGE_COMMAND"
  exit 0
fi
say "the array script and merge command of ${DOC#"$ROOT"/}"

[ "$(id -u)" = 0 ] || { say "must run as root (it installs packages and starts daemons)"; exit 2; }
command -v apt-get >/dev/null || { say "needs apt-get (Debian) to install slurm-wlm and munge"; exit 2; }
if [ ! -f "$ROOT/dist/bin/sim.js" ] || [ ! -d "$ROOT/node_modules" ]; then say "build first: npm ci (or npm run build) in $ROOT"; exit 2; fi

# --- packages ------------------------------------------------------------------------------
missing=()
command -v slurmctld >/dev/null || missing+=(slurm-wlm)
command -v munged >/dev/null || missing+=(munge)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  # No service may start on install: this script starts (and stops) its own daemons.
  policy_made=
  if [ ! -e /usr/sbin/policy-rc.d ]; then printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d; policy_made=1; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
  if [ -n "$policy_made" ]; then rm -f /usr/sbin/policy-rc.d; fi
fi
say "$(slurmctld -V), $(munged --version 2>&1 | awk '{print $1; exit}')"

# --- a work directory, and cleanup of everything started -----------------------------------
W=$(mktemp -d /tmp/slurm-check.XXXXXX)
chmod 755 "$W"
JOBS=()
stop_pidfile() { # kills the daemon of a pid file and waits for it
  local f=$1 pid
  [ -s "$f" ] || return 0
  pid=$(cat "$f")
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}
cleanup() {
  local code=$?
  set +e
  if [ ${#JOBS[@]} -gt 0 ] && [ -n "${SLURM_CONF:-}" ]; then scancel "${JOBS[@]}" 2>/dev/null; sleep 1; fi
  stop_pidfile "$W/slurmd.pid"
  stop_pidfile "$W/slurmctld.pid"
  stop_pidfile "$W/munge/munged.pid"
  if [ "$code" != 0 ]; then
    for f in "$W"/slurmctld.log "$W"/slurmd.log "$W"/clone/slurm-*.out; do [ -f "$f" ] && { say "--- tail of ${f#"$W"/}"; tail -n 15 "$f"; }; done
  fi
  rm -rf "$W"
  say "stopped munged, slurmctld and slurmd; removed $W"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- a clone where `npm ci` has been run (the page's precondition) -------------------------
mkdir -p "$W/clone"
(cd "$ROOT" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$W/clone"
cp -al "$ROOT/node_modules" "$W/clone/node_modules"
cp -al "$ROOT/dist" "$W/clone/dist"

# --- munge: its own key and socket ---------------------------------------------------------
mkdir -p "$W/munge"
dd if=/dev/urandom of="$W/munge/munge.key" bs=1024 count=1 status=none
chown -R munge:munge "$W/munge"
chmod 755 "$W/munge"
chmod 400 "$W/munge/munge.key"
runuser -u munge -- munged --key-file="$W/munge/munge.key" --socket="$W/munge/munge.socket" \
  --pid-file="$W/munge/munged.pid" --log-file="$W/munge/munged.log" --seed-file="$W/munge/munged.seed"
for _ in $(seq 1 50); do [ -S "$W/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$W/munge/munge.socket" ] || die "munged did not start (see $W/munge/munged.log)"
say "munged started (pid $(cat "$W/munge/munged.pid"))"

# --- slurm: one node, one partition, free ports ---------------------------------------------
HOST=$(hostname -s)
read -r CTLD_PORT SLURMD_PORT < <(python3 -c 'import socket
ports = []
for _ in range(2):
    s = socket.socket(); s.bind(("", 0)); ports.append(s.getsockname()[1]); s.close()
print(*ports)')
mkdir -p "$W/state" "$W/spool"
cat > "$W/slurm.conf" <<EOF
ClusterName=wwcheck
SlurmctldHost=$HOST
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$W/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$W/state
SlurmdSpoolDir=$W/spool
SlurmctldPidFile=$W/slurmctld.pid
SlurmdPidFile=$W/slurmd.pid
SlurmctldLogFile=$W/slurmctld.log
SlurmdLogFile=$W/slurmd.log
MinJobAge=600
ReturnToService=2
MpiDefault=none
NodeName=$HOST CPUs=$(nproc) State=UNKNOWN
PartitionName=check Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$W/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 1 100); do [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break; sleep 0.2; done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || die "the node is not idle: $(sinfo 2>&1)"
say "one-node cluster up: $HOST, $(nproc) CPUs, ports $CTLD_PORT/$SLURMD_PORT"

# --- the page's script, submitted with 4 shards; the page's merge command -------------------
cd "$W/clone"
printf '%s\n' "$ARRAY_SCRIPT" > sim-array.sh   # "Save this as sim-array.sh" (the page's words)
# On this small cluster the array's size, cores and games are given on sbatch's command line,
# as the page says; the merge command's other sbatch is the page's, untouched.
sbatch() {
  if [[ " $* " == *" sim-array.sh "* ]]; then command sbatch --array=1-$SHARDS --cpus-per-task=1 --export=ALL,GAMES="$GAMES" "$@"
  else command sbatch "$@"; fi
}
say "submitting, $SHARDS shards of a $GAMES-game run:"
printf '%s\n' "$MERGE_COMMAND" | sed 's/^/    /'
jobid=
eval "$MERGE_COMMAND" > submitted.txt
[ -n "$jobid" ] || die "the merge command set no jobid"
mergeid=$(grep -o 'Submitted batch job [0-9]*' submitted.txt | awk '{print $4}' | tail -1)
[ -n "$mergeid" ] || die "no merge job was submitted: $(cat submitted.txt)"
JOBS=("$jobid" "$mergeid")
say "array job $jobid, merge job $mergeid"

for _ in $(seq 1 3000); do
  [ -z "$(squeue -h -j "$jobid,$mergeid" 2>/dev/null)" ] && break
  sleep 0.2
done
[ -z "$(squeue -h -j "$jobid,$mergeid" 2>/dev/null)" ] && JOBS=() || die "jobs still running after 10 minutes"
say "array tasks: $(scontrol -o show job "$jobid" | grep -o 'ArrayTaskId=[0-9]*\|JobState=[A-Z_]*\|ExitCode=[0-9:]*' | paste -sd' ' | sed 's/ArrayTaskId=/| task /g')"
ntasks=$(scontrol -o show job "$jobid" | grep -c 'JobState=COMPLETED .*ExitCode=0:0' || true)
[ "$ntasks" = "$SHARDS" ] || die "$ntasks of $SHARDS array tasks completed with exit code 0"
scontrol -o show job "$mergeid" | grep -q 'JobState=COMPLETED .*ExitCode=0:0' || die "the merge job did not complete: $(scontrol -o show job "$mergeid" | grep -o 'JobState=[A-Z_]*')"
say "merge job: COMPLETED, exit 0"
for k in $(seq 1 $SHARDS); do [ -s "shards/shard-$k.db" ] && [ -s "shards/shard-$k.json" ] || die "shard $k left no database or summary"; done
[ -s all.db ] || die "the merge wrote no all.db"

# --- the merged games against one unsharded run of the same configuration -------------------
node --input-type=module - "$W/clone" <<'EOF'
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
const dir = process.argv[2];
const open = (f) => new Database(join(dir, f), { readonly: true });
const merged = open('all.db');
const run = merged.prepare('SELECT * FROM runs').all();
if (run.length !== 1) throw new Error(`all.db holds ${run.length} runs`);
const r = run[0];
const stored = merged.prepare('SELECT count(*) FROM games WHERE run = ?').pluck().get(r.id);
console.log(`[slurm-check] all.db: run ${r.id}, key ${r.key}, shard ${r.shard_k}/${r.shard_n}, ${stored} of ${r.games} games; seed ${r.seed}, ${r.setup}`);
// The unsharded run: the same seed, setup (as its preset, deck and changed rules), seating and games.
const args = ['dist/bin/sim.js', '--games', String(r.games), '--seed', r.seed, '--preset', r.preset, '--roles', r.deck, '--db', 'whole.db', '--json', '--workers', '2'];
for (const rule of r.rules === '' ? [] : r.rules.split(' ')) args.push('--rule', rule);
const whole = JSON.parse(execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8' }));
const w = open('whole.db');
const rows = (db, id) => db.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = ? ORDER BY idx').raw().all(id);
const digest = (x) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);
const a = rows(merged, r.id);
const b = rows(w, whole.run);
const key = w.prepare('SELECT key FROM runs WHERE id = ?').pluck().get(whole.run);
console.log(`[slurm-check] unsharded: run ${whole.run}, key ${key}, ${b.length} games (${whole.gamesPerSecond.toFixed(0)} games/s)`);
const same = key === r.key && a.length === r.games && JSON.stringify(a) === JSON.stringify(b);
console.log(`[slurm-check] merged ${digest(a)} vs unsharded ${digest(b)}: ${same ? 'the same games, byte for byte' : 'DIFFERENT'}`);
process.exit(same ? 0 : 1);
EOF
say "OK: the page's array job, merged, equals the unsharded run"
