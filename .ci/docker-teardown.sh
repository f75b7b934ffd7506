#!/usr/bin/env bash
# Undoes .ci/docker-setup.sh's daemon start: removes containers and networks kchaos left (labelled
# io.kchaos.harness-pid), then stops the dockerd that the setup started (and only that one). Images stay cached.
set -uo pipefail
state=${KCHAOS_DOCKER_STATE:-/var/tmp/kchaos-docker}

if docker info >/dev/null 2>&1; then
  left=$(docker ps -aq --filter label=io.kchaos.harness-pid)
  [ -z "$left" ] || { echo "docker-teardown: removing leftover kchaos containers: $left"; docker rm -f $left >/dev/null; }
  nets=$(docker network ls -q --filter label=io.kchaos.harness-pid)
  [ -z "$nets" ] || docker network rm $nets >/dev/null
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
