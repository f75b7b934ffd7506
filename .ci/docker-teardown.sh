#!/usr/bin/env bash
# Undoes .ci/docker-setup.sh's daemon start: removes containers and networks that a dead kchaos harness left
# (labelled io.kchaos.harness-pid; the harness's own janitor, `kchaos docker-sweep`, as every Docker run does first),
# then stops the dockerd that the setup started (and only that one). Images stay cached.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
state=${KCHAOS_DOCKER_STATE:-/var/tmp/kchaos-docker}
jar="$here/harness/target/kchaos.jar"

if docker info >/dev/null 2>&1; then
  if [ -f "$jar" ]; then
    # Ryuk (Testcontainers' reaper) is not needed for a one-shot sweep, and its image cannot be pulled here: without
    # this the sweep waits out Testcontainers' pull retries. Bounded, so a daemon that hangs cannot hold CI.
    TESTCONTAINERS_RYUK_DISABLED=true timeout 120 java -jar "$jar" docker-sweep | sed 's/^/docker-teardown: /'
  else
    echo "docker-teardown: $jar not built; leftovers stay for the next Docker run's sweep"
  fi
fi

pidfile="$state/dockerd.pid"
[ -f "$pidfile" ] || exit 0
pid=$(cat "$pidfile")
if kill -0 "$pid" 2>/dev/null && grep -q dockerd "/proc/$pid/cmdline" 2>/dev/null; then
  echo "docker-teardown: stopping dockerd (pid $pid)"
  kill -TERM "$pid"
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
fi
rm -f "$pidfile"
