#!/usr/bin/env bash
# Undoes .ci/docker-setup.sh's daemon start: removes containers and networks that a dead kchaos harness left
# (labelled io.kchaos.harness-pid), then stops the dockerd that the setup started (and only that one). Images stay cached.
set -uo pipefail
state=${KCHAOS_DOCKER_STATE:-/var/tmp/kchaos-docker}

# a container or network is left over when the harness pid in its label no longer runs
orphans() {  # $1: "ps -a" or "network ls", $2: where the labels are in its inspect output
  docker $1 -q --filter label=io.kchaos.harness-pid | while read -r id; do
    pid=$(docker inspect -f "{{index $2 \"io.kchaos.harness-pid\"}}" "$id" 2>/dev/null)
    [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null && echo "$id"
  done
}
if docker info >/dev/null 2>&1; then
  left=$(orphans "ps -a" .Config.Labels)
  [ -z "$left" ] || { echo "docker-teardown: removing leftover kchaos containers: $left"; docker rm -f $left >/dev/null; }
  nets=$(orphans "network ls" .Labels)
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
