#!/usr/bin/env bash
# Make sure Debian's headless Chromium and its chromedriver are installed for the browser tests (tests/browser/).
#
# Installs `chromium` and `chromium-driver` (and a CJK font, so screenshots of Chinese pages are legible) with
# apt-get when /usr/bin/chromium is missing and we run as root.
# Without root (or without apt) it says so and carries on: tests/browser/ then skips its tests with that reason,
# unless CI is set, where a missing browser fails the run.
set -u

CHROMIUM=/usr/bin/chromium
DRIVER=/usr/bin/chromedriver

if [ -x "$CHROMIUM" ] && [ -x "$DRIVER" ]; then
    exit 0
fi

ci=$(printf '%s' "${CI:-}" | tr '[:upper:]' '[:lower:]')
is_ci=0
case "$ci" in 1|true|yes) is_ci=1 ;; esac

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure_browser: installing chromium and chromium-driver with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-wqy-microhei >/dev/null; then
        exit 0
    fi
    echo "ensure_browser: apt-get could not install chromium and chromium-driver" >&2
else
    echo "ensure_browser: $CHROMIUM or $DRIVER is missing and we are not root (or have no apt-get);" \
         "browser tests will be skipped. As root: apt-get install chromium chromium-driver" >&2
fi

if [ "$is_ci" -eq 1 ]; then
    echo "ensure_browser: CI is set and the browser is missing: failing" >&2
    exit 1
fi
exit 0
