#!/usr/bin/env bash
# Makes the Docker backend's tests runnable on a machine without a registry (idempotent; as root):
#   - installs docker.io, debootstrap and busybox-static when missing,
#   - starts dockerd (vfs storage) in the background when no daemon answers, remembering that it did,
#   - writes ~/.testcontainers.properties (no start-up checks, a local tiny image),
#   - builds kchaos-local/tiny:1 and kchaos-local/kafka:<version> when absent (the Kafka image from Debian's JRE and
#     the broker jars of harness/broker-dist, cached in the daemon by version).
# Undo what it started with .ci/docker-teardown.sh. Exit 0 when Docker and the images are ready, 1 otherwise.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
state=${KCHAOS_DOCKER_STATE:-/var/tmp/kchaos-docker}
libs="$here/harness/broker-dist/target/kafka-libs"
base_image=kchaos-local/jre17:bookworm
tiny_image=kchaos-local/tiny:1
mkdir -p "$state"

say() { echo "docker-setup: $*"; }
fail() { say "$*"; exit 1; }

[ "$(id -u)" = 0 ] || { docker info >/dev/null 2>&1 || fail "not root and no Docker daemon answers"; }

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
dpkg -s busybox-static >/dev/null 2>&1 || missing+=(busybox-static)  # static: it runs in an empty image
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ]; then
  say "installing ${missing[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >"$state/apt.log" 2>&1 \
    || fail "apt-get install ${missing[*]} failed; see $state/apt.log"
fi

if ! docker info >/dev/null 2>&1; then
  say "starting dockerd (vfs) — log in $state/dockerd.log"
  nohup dockerd --storage-driver=vfs >"$state/dockerd.log" 2>&1 </dev/null &
  echo $! >"$state/dockerd.pid"
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || fail "dockerd did not answer within 60 s; see $state/dockerd.log"
fi

props="$HOME/.testcontainers.properties"
touch "$props"
sed -i -e '/^checks\.disable=/d' -e '/^tinyimage\.container\.image=/d' "$props"
printf 'checks.disable=true\ntinyimage.container.image=%s\n' "$tiny_image" >>"$props"

has_image() { docker image inspect "$1" >/dev/null 2>&1; }

if ! has_image "$tiny_image"; then
  say "building $tiny_image"
  t=$(mktemp -d)
  mkdir -p "$t/bin" "$t/tmp"
  cp /bin/busybox "$t/bin/busybox"
  for a in sh echo cat sleep ls df true; do ln -s busybox "$t/bin/$a"; done
  tar -C "$t" -c . | docker import - "$tiny_image" >/dev/null
  rm -rf "$t"
fi

# the default broker's release: kafka.broker.version in the root pom.xml, the one place it is set
version=$(sed -n 's:.*<kafka\.broker\.version>\([0-9][0-9.]*\)</kafka\.broker\.version>.*:\1:p' "$here/pom.xml" | head -n 1)
[ -n "$version" ] || fail "no <kafka.broker.version> in $here/pom.xml"
if [ ! -f "$libs/kafka_2.13-$version.jar" ]; then
  say "resolving the Kafka $version broker jars (harness/broker-dist)"
  (cd "$here" && mvn -B -q -pl harness/broker-dist generate-resources) >"$state/broker-dist.log" 2>&1 \
    || fail "could not resolve the broker jars; see $state/broker-dist.log"
fi
[ -f "$libs/kafka_2.13-$version.jar" ] || fail "no kafka_2.13-$version.jar in $libs"
kafka_image=kchaos-local/kafka:$version

if ! has_image "$kafka_image"; then
  if ! has_image "$base_image"; then
    say "building $base_image with debootstrap (a few minutes, once)"
    t0=$(date +%s)
    root=$(mktemp -d)
    debootstrap --variant=minbase --include=openjdk-17-jre-headless,iproute2,iptables bookworm "$root" \
      >"$state/debootstrap.log" 2>&1 || { rm -rf "$root"; fail "debootstrap failed; see $state/debootstrap.log"; }
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
      "$root"/usr/share/man/* "$root"/usr/share/locale/*
    tar -C "$root" -c . | docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$base_image" >/dev/null
    rm -rf "$root"
    say "$base_image built in $(( $(date +%s) - t0 )) s"
  fi
  say "building $kafka_image"
  t=$(mktemp -d)
  mkdir -p "$t/kafka/libs"
  cp "$libs"/*.jar "$t/kafka/libs/"
  cid=$(docker create "$base_image" /bin/true)
  docker cp "$t/kafka" "$cid:/opt/" && docker commit --change "LABEL io.kchaos.kafka-version=$version" "$cid" "$kafka_image" >/dev/null \
    || { docker rm -f "$cid" >/dev/null; rm -rf "$t"; fail "building $kafka_image failed"; }
  docker rm -f "$cid" >/dev/null
  rm -rf "$t"
fi
say "ready: $(docker version --format 'daemon {{.Server.Version}}'), images $tiny_image $kafka_image"
