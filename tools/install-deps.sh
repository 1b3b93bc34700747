#!/usr/bin/env bash
# Installs the Debian 12 packages catapult-fair builds and tests with (only those missing).
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config
          libboost-program-options-dev libgtest-dev libgmock-dev nlohmann-json3-dev
          libopencv-dev libopencv-contrib-dev qt6-base-dev xvfb xauth)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
