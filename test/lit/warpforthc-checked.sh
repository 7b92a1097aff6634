#!/usr/bin/env bash
# Runs warpforthc and, when it produced PTX, assembles that PTX with ptxas
# for sm_90, or sm_90a when that is its target (when ptxas is installed):
# every PTX a test produces is checked.
# Usage: warpforthc-checked.sh WARPFORTHC PTXAS [warpforthc args...]
set -u
compiler=$1
ptxas=$2
shift 2

out=-
emit=ptx
prev=
for arg in "$@"; do
  case "$prev" in
    -o) out=$arg ;;
    --emit) emit=$arg ;;
  esac
  case "$arg" in
    --emit=*) emit=${arg#--emit=} ;;
  esac
  prev=$arg
done

if [ "$emit" != ptx ] || [ -z "$ptxas" ]; then
  exec "$compiler" "$@"
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if [ "$out" = - ]; then
  "$compiler" "$@" >"$tmp"
  rc=$?
  cat "$tmp"
  ptx=$tmp
else
  "$compiler" "$@"
  rc=$?
  ptx=$out
fi
if [ $rc -eq 0 ]; then
  # For the PTX's own target: sm_90, or sm_90a for the Hopper-only words.
  arch=$(sed -n 's/^\.target[[:space:]]*\(sm_[0-9a-z]*\).*/\1/p' "$ptx" | head -1)
  case "$arch" in sm_90a) ;; *) arch=sm_90 ;; esac
  if ! "$ptxas" -arch="$arch" -o /dev/null "$ptx" 2>"$tmp.err"; then
    echo "warpforthc-checked: ptxas rejected the PTX:" >&2
    cat "$tmp.err" >&2
    rm -f "$tmp.err"
    exit 1
  fi
  rm -f "$tmp.err"
fi
exit $rc
