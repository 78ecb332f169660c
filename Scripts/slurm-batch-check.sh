#!/usr/bin/env bash
# Checks `tracksift batch --shard auto` under a real Slurm: a generated corpus measured by one
# machine, then by a four-task job array on a single-node Slurm started here, the four shard
# summaries merged and compared byte for byte with the single-machine summary.
#
#   Scripts/slurm-batch-check.sh BINARY
#
# Needs root and Debian's `slurmctld slurmd slurm-client munge` (.ci/run installs them; this
# script installs nothing). Prints one closing line:
#   PASSED: slurm scale-out check: ...   exit 0
#   SKIPPED: slurm scale-out check: WHY  exit 0, when Slurm cannot be started here
#   FAILED: slurm scale-out check: WHY   exit 1, with a diff excerpt or the daemons' logs
# The daemons run from a fresh temporary folder with their own munge socket and free ports, so
# a system munged or Slurm is left alone; they are stopped and the folder removed on exit.
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 BINARY" >&2
  exit 2
fi
name="slurm scale-out check"
if [[ ! -x $1 || -d $1 ]]; then
  echo "FAILED: $name: $1 is not an executable"
  exit 1
fi
binary=$(realpath "$1")
shards=4
work=$(mktemp -d "${TMPDIR:-/tmp}/tracksift-slurm.XXXXXX")
corpus=$work/corpus
node=$(hostname -s)
munged_pid="" slurmctld_pid="" slurmd_pid="" job=""
closed="" failed_command=""
started=$SECONDS

# Stops what was started, by PID: the job first, then each daemon with TERM, KILL after 10 s.
# A stop that no closing line explains (a command failing under set -e, an interrupt) is a
# FAILED line too, never a silent exit.
cleanup() {
  local status=$?
  if [[ -z $closed ]] && ((status != 0)); then
    echo "FAILED: $name: stopped with status $status${failed_command:+ at $failed_command}"
  fi
  if [[ -n $job ]]; then
    timeout 10 scancel "$job" >/dev/null 2>&1 || true
  fi
  local pid pids=()
  for pid in "$slurmd_pid" "$slurmctld_pid" "$munged_pid"; do
    if [[ -n $pid ]] && kill -TERM "$pid" 2>/dev/null; then pids+=("$pid"); fi
  done
  local deadline=$((SECONDS + 10))
  for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap 'failed_command="line $LINENO ($BASH_COMMAND)"' ERR

skip() {
  closed=1
  echo "SKIPPED: $name: $*"
  exit 0
}

fail() {
  closed=1
  echo "FAILED: $name: $*"
  exit 1
}

# The last lines of each daemon's log, for a failure or a skip that needs explaining.
show_logs() {
  local log
  for log in "$work"/log/*.log; do
    [[ -s $log ]] || continue
    echo "--- $(basename "$log") (last lines)"
    tail -n 8 "$log"
  done
}

# --- The corpus: 24 recordings in subfolders, as GPX, TCX, .gpx.gz and members of a zip.
mkdir -p "$corpus/club/road" "$corpus/club/trail" "$corpus/tcx" "$corpus/gz" "$corpus/exports"
for seed in $(seq 1 24); do
  case $seed in
    [1-6]) folder=club/road ;;
    [7-9] | 10) folder=club/trail ;;
    1[1-5]) folder=tcx ;;
    1[6-8]) folder=gz ;;
    *) folder=zip ;;
  esac
  mkdir -p "$corpus/$folder"
  file=$(printf '%s/%s/ride-%02d.gpx' "$corpus" "$folder" "$seed")
  "$binary" simulate --seed "$seed" --duration-seconds 900 -o "$file" >/dev/null
  case $folder in
    tcx) "$binary" convert "$file" -o "${file%.gpx}.tcx" >/dev/null && rm "$file" ;;
    gz) gzip -k "$file" ;; # both the .gpx and its .gpx.gz: one activity, two rows
  esac
done
# The zip holds its members under activities/, as a Strava export does; the loose copies go.
python3 - "$corpus/zip" "$corpus/exports/export.zip" <<'PY'
import pathlib, sys, zipfile
source, target = pathlib.Path(sys.argv[1]), sys.argv[2]
with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
    for path in sorted(source.glob("*.gpx")):
        archive.write(path, "activities/" + path.name)
PY
rm -r "$corpus/zip"

# --- One machine: the summary the shards must add up to. The corpus has no failing file, so
# exit status 1 (a file failed) is a failure here and in the job array alike.
corpus_seconds=$((SECONDS - started))
single_started=$SECONDS
status=0
"$binary" batch "$corpus" --recursive --summary "$work/single.jsonl" --progress none \
  >"$work/single.out" 2>&1 || status=$?
if ((status != 0)); then
  cat "$work/single.out"
  fail "the single-machine batch exited with status $status"
fi
single_seconds=$((SECONDS - single_started))
files=$(wc -l <"$work/single.jsonl")
if grep -q '"status":"error"' "$work/single.jsonl"; then
  fail "the single-machine batch has error rows: $(grep -c '"status":"error"' "$work/single.jsonl")"
fi

# --- Slurm on this node, per ../shared/PLATFORM.md ("Slurm"): daemons in the foreground,
# backgrounded here so that $! is each daemon's PID.
slurm_started=$SECONDS
[[ $(id -u) == 0 ]] || skip "not root (munged and slurmd need it)"
for command in munged setpriv slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
  command -v "$command" >/dev/null 2>&1 ||
    skip "no $command (apt-get install slurmctld slurmd slurm-client munge)"
done
id munge >/dev/null 2>&1 || skip "no munge user (apt-get install munge)"
[[ -s /etc/munge/munge.key ]] || skip "no /etc/munge/munge.key (mungekey --create)"

# 6817/6818 if free, else two ports the kernel picks: a busy port makes slurmctld exit.
read -r ctld_port slurmd_port < <(python3 - <<'PY'
import socket
def free(port):
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is not busy
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return None
        return s.getsockname()[1]
ports = [free(6817), free(6818)]
ports = [p if p else free(0) for p in ports]
print(*ports)
PY
) || skip "no free ports"

# munge gets its own socket, log and seed under $work (it must be able to reach them), so a
# system munged is neither needed nor taken over.
chmod 0755 "$work"
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/log" "$work/out" "$work/job"
chown munge:munge "$work/munge"
chmod 0755 "$work/munge"
socket=$work/munge/munge.socket
setpriv --reuid=munge --regid=munge --clear-groups /usr/sbin/munged --foreground --force \
  --socket="$socket" --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/munged.seed" >"$work/log/munged.log" 2>&1 &
munged_pid=$!
deadline=$((SECONDS + 10))
until [[ -S $socket ]]; do
  if ! kill -0 "$munged_pid" 2>/dev/null || ((SECONDS >= deadline)); then
    cat "$work/munge/munged.log" "$work/log/munged.log" 2>/dev/null | tail -n 5
    skip "munged did not start"
  fi
  sleep 0.1
done

memory_mb=$(awk '/^MemTotal:/ { print int($2 / 1024 / 2) }' /proc/meminfo)
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=tracksift
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$memory_mb State=UNKNOWN
PartitionName=batch Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

# Without a LogFile in slurm.conf, -D logs to standard error: into $work/log.
slurmctld -D -f "$SLURM_CONF" >"$work/log/slurmctld.log" 2>&1 &
slurmctld_pid=$!
slurmd -D -f "$SLURM_CONF" -N "$node" >"$work/log/slurmd.log" 2>&1 &
slurmd_pid=$!
deadline=$((SECONDS + 30))
until [[ $(timeout 5 sinfo -h -n "$node" -o %T 2>/dev/null) == idle ]]; do
  for daemon in slurmctld slurmd; do
    pid_name=${daemon}_pid
    if ! kill -0 "${!pid_name}" 2>/dev/null; then
      show_logs
      skip "$daemon exited on start"
    fi
  done
  if ((SECONDS >= deadline)); then
    show_logs
    skip "node $node not idle after 30 s (state: $(timeout 5 sinfo -h -n "$node" -o %T 2>&1))"
  fi
  sleep 0.2
done
idle_seconds=$((SECONDS - slurm_started))

# --- The job array. Strict: any non-zero exit (1 = a file failed) marks the task FAILED.
printf '%s\n' '#!/bin/bash' 'set -eu' \
  "exec $(printf '%q' "$binary") batch $(printf '%q' "$corpus") --recursive --shard auto \\" \
  "  --summary $(printf '%q' "$work/out")/shard-\$SLURM_ARRAY_TASK_ID.jsonl --progress plain" \
  >"$work/job/batch.sh"
array_started=$SECONDS
job=$(timeout 20 sbatch --parsable --array=0-$((shards - 1)) --job-name=tracksift \
  --chdir="$work/job" --output="$work/job/%A_%a.out" "$work/job/batch.sh") ||
  fail "sbatch refused the job array"
job=${job%%;*}
deadline=$((SECONDS + 120))
while [[ -n $(timeout 10 squeue -h -j "$job" 2>/dev/null || echo pending) ]]; do
  if ((SECONDS >= deadline)); then
    timeout 5 squeue -j "$job" || true
    show_logs
    fail "job array $job not done after 120 s"
  fi
  sleep 0.5
done
array_seconds=$((SECONDS - array_started))

tasks=$(timeout 10 scontrol -o show job "$job") || fail "scontrol show job $job failed"
completed=$(grep -c 'JobState=COMPLETED ' <<<"$tasks") || true
if [[ $completed != "$shards" ]]; then
  grep -oE 'ArrayTaskId=[0-9]+|JobState=[A-Z_]+|ExitCode=[0-9:]+' <<<"$tasks" | paste -d' ' - - - | sort ||
    true
  for log in "$work"/job/*.out; do
    [[ -f $log ]] || continue
    echo "--- $(basename "$log") (last lines)"
    tail -n 5 "$log" || true
  done
  fail "$completed of $shards array tasks COMPLETED"
fi
for ((task = 0; task < shards; task++)); do
  [[ -f $work/out/shard-$task.jsonl ]] || fail "task $task wrote no shard-$task.jsonl"
done

# --- The merge must equal one machine's summary, byte for byte.
status=0
"$binary" batch merge "$work"/out/shard-*.jsonl -o "$work/merged.jsonl" \
  >"$work/merge.out" 2>&1 || status=$?
if ((status != 0)); then
  cat "$work/merge.out"
  fail "batch merge exited with status $status"
fi
if ! cmp -s "$work/merged.jsonl" "$work/single.jsonl"; then
  # Rows are long single lines: name each differing row and its first differing fields.
  python3 - "$work/single.jsonl" "$work/merged.jsonl" <<'PY' || true
import json, sys
single, merged = (open(path).read().splitlines() for path in sys.argv[1:3])
print(f"--- single.jsonl: {len(single)} rows, merged.jsonl: {len(merged)} rows")
def leaves(value, prefix=""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{prefix}.{key}" if prefix else key)
    else:
        yield prefix, value
shown = 0
for number in range(max(len(single), len(merged))):
    a = single[number] if number < len(single) else None
    b = merged[number] if number < len(merged) else None
    if a == b:
        continue
    shown += 1
    if shown > 5:
        print("... more rows differ")
        break
    try:
        left, right = dict(leaves(json.loads(a or "{}"))), dict(leaves(json.loads(b or "{}")))
    except ValueError:
        print(f"row {number + 1}: single {a!r:.120} merged {b!r:.120}")
        continue
    name = left.get("file") or right.get("file")
    fields = [k for k in sorted(set(left) | set(right)) if left.get(k) != right.get(k)]
    print(f"row {number + 1} ({name}): {len(fields)} fields differ")
    for key in fields[:3]:
        print(f"  {key}: single {left.get(key)!r} merged {right.get(key)!r}")
PY
  fail "the merge of $shards shards differs from the single-machine summary"
fi
rows=$(for ((task = 0; task < shards; task++)); do
  wc -l <"$work/out/shard-$task.jsonl"
done | paste -sd+)
echo "timings: corpus ${corpus_seconds} s, single batch ${single_seconds} s," \
  "slurm idle ${idle_seconds} s (ports ${ctld_port}/${slurmd_port}), array ${array_seconds} s;" \
  "rows per shard ${rows}"
closed=1
echo "PASSED: $name: $files files, $shards shards, merge equals the single-machine summary"
