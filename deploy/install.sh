#!/bin/sh
# The card room on a Debian or Ubuntu host with systemd, in one step, from a checkout of this
# repository (run as root):
#
#   sudo deploy/install.sh cards.example.org
#
# Installs Python's venv module and Caddy (apt), a `cardroom` system user, the room with its server
# and compiled-kernel extras in /opt/cardroom, its kernels compiled, the settings in
# /etc/cardroom/cardroom.env, the service and the nightly backup timer; puts Caddy in front with a
# certificate for the name (its DNS must point here, ports 80 and 443 open). Run again to upgrade:
# the database in /var/lib/cardroom and the settings file are kept. docs/deploy.md says more.
set -eu

DOMAIN=${1:-}
if [ -z "$DOMAIN" ]; then
    echo "usage: sudo deploy/install.sh NAME   (the public name of this host, e.g. cards.example.org)" >&2
    exit 2
fi
if [ "$(id -u)" != 0 ]; then
    echo "deploy/install.sh installs a service: run it as root (sudo)" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
SOURCE=$(dirname "$HERE")
PREFIX=/opt/cardroom

echo "== packages: python3-venv, caddy"
apt-get update -q
apt-get install -y -q python3-venv caddy

echo "== user cardroom, data in /var/lib/cardroom"
id cardroom >/dev/null 2>&1 || useradd --system --home-dir /var/lib/cardroom --shell /usr/sbin/nologin cardroom
install -d -o cardroom -g cardroom -m 0700 /var/lib/cardroom /var/lib/cardroom/backups
install -d -o cardroom -g cardroom -m 0755 /var/cache/cardroom /var/cache/cardroom/kernels

echo "== the room in $PREFIX"
[ -x "$PREFIX/bin/python" ] || python3 -m venv "$PREFIX"
"$PREFIX/bin/pip" install -q --upgrade pip
"$PREFIX/bin/pip" install -q "$SOURCE[server,fast]"
install -d "$PREFIX/docs"
install -m 0644 "$SOURCE/docs/deploy.md" "$PREFIX/docs/deploy.md"

echo "== settings in /etc/cardroom/cardroom.env"
install -d -m 0755 /etc/cardroom
if [ ! -e /etc/cardroom/cardroom.env ]; then
    cat > /etc/cardroom/cardroom.env <<EOF
# Read by cardroom.service and cardroom-backup.service.
CARDROOM_PUBLIC_URL=https://$DOMAIN
CARDROOM_DATABASE_URL=sqlite:////var/lib/cardroom/cardroom.sqlite3
NUMBA_CACHE_DIR=/var/cache/cardroom/kernels
EOF
fi

echo "== kernels compiled for this machine (a few minutes, once)"
# shellcheck disable=SC2046
env $(grep -v '^#' /etc/cardroom/cardroom.env | xargs) \
    runuser -u cardroom -- "$PREFIX/bin/python" -m cardroom.fast.warm

echo "== services: cardroom, cardroom-backup.timer"
install -m 0644 "$HERE/systemd/cardroom.service" "$HERE/systemd/cardroom-backup.service" \
    "$HERE/systemd/cardroom-backup.timer" /etc/systemd/system/
systemctl daemon-reload
systemctl enable --now cardroom.service cardroom-backup.timer
systemctl restart cardroom.service

echo "== HTTPS: Caddy for $DOMAIN"
install -m 0644 "$HERE/Caddyfile" /etc/caddy/Caddyfile
install -d /etc/systemd/system/caddy.service.d
printf '[Service]\nEnvironment=CARDROOM_DOMAIN=%s\n' "$DOMAIN" > /etc/systemd/system/caddy.service.d/cardroom.conf
systemctl daemon-reload
systemctl enable caddy.service
systemctl restart caddy.service

echo "== waiting for the room to answer"
for _ in $(seq 1 60); do
    if "$PREFIX/bin/python" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)" 2>/dev/null; then
        echo "cardroom is open at https://$DOMAIN/ (backups: /var/lib/cardroom/backups, every night)"
        exit 0
    fi
    sleep 1
done
echo "the room did not answer /healthz within a minute: journalctl -u cardroom" >&2
exit 1
