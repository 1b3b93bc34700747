#!/usr/bin/env bash
# `bench vision --tiles 0` lays no tile: every scene is refused as no board, nothing is read where
# none lies, and the figures say there was nothing to find rather than 0%.
set -u
cf="$1"
out=$("$cf" bench vision --scenes 3 --seed 57000 --tiles 0 --tokens 0) || { echo "FAIL: exit $?"; exit 1; }
fail=0
expect() {
  printf '%s\n' "$out" | grep -qF -- "$1" || { echo "FAIL: no line with '$1' in:"; echo "$out"; fail=1; }
}
expect "refused as 'no board': 3 scenes"
expect "tiles (id and rotation right, in view): none to find; 0 read where none lies"
expect "followers (found, colour, cell and feature right): none to find; 0 false followers"
if printf '%s\n' "$out" | grep -qE "0\.00%|median 0\.00 mm"; then
  echo "FAIL: figures of nothing printed as numbers:"; echo "$out"; fail=1
fi
[ $fail = 0 ] && echo "ok   three empty tables refused, nothing invented, nothing to find"
exit $fail
