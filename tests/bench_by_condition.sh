#!/usr/bin/env bash
# `bench vision --by-condition` counts every scene once in each family of conditions, and with one
# scene every condition shows the overall figures.
set -u
cf="$1"
fail=0
families=("hands" "glare" " table" "tilt " "px/mm" "blur " "noise " "jpeg quality" "exposure "
          "light falloff" "(cool|neutral|warm) light")
conditions() { sed -n '/by condition/,$p' | grep -E '^    '; }
scenes_in() {  # the scene counts of the conditions matching $1, summed
  grep -E -- "$1" | awk '{for (i = 1; i <= NF; ++i) if ($i ~ /^[0-9]+$/ && $(i + 1) ~ /%$/) {
    s += $i; break }} END {print s + 0}'
}
three=$("$cf" bench vision --scenes 3 --seed 50300 --by-condition) || { echo "FAIL: exit $?"; exit 1; }
for family in "${families[@]}"; do
  n=$(printf '%s\n' "$three" | conditions | scenes_in "$family")
  [ "$n" = 3 ] || { echo "FAIL: the conditions '$family' count $n scenes, not 3"; fail=1; }
done
one=$("$cf" bench vision --scenes 1 --seed 50303 --by-condition) || { echo "FAIL: exit $?"; exit 1; }
overall=$(printf '%s\n' "$one" | grep -E '^  tiles \(id' | grep -oE '[0-9.]+%' | head -1)
lines=$(printf '%s\n' "$one" | conditions | wc -l)
[ "$lines" = "${#families[@]}" ] || { echo "FAIL: one scene under $lines conditions"; fail=1; }
if printf '%s\n' "$one" | conditions | awk -v want="$overall" '{
    for (i = 1; i <= NF; ++i) if ($i ~ /%$/) { if ($i != want) bad = 1; break } } END {exit !bad}'; then
  echo "FAIL: a condition of the one scene does not show the overall tiles $overall"; fail=1
fi
[ $fail = 0 ] && echo "ok   each family counts each scene once; one scene's conditions show its figures"
exit $fail
