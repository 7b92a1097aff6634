#!/usr/bin/env bash
# Runs warpforthc and, when it produced PTX, assembles that PTX with ptxas
# for sm_90 (when ptxas is installed): every PTX a test produces is checked.
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
  if ! "$ptxas" -arch=sm_90 -o /dev/null "$ptx" 2>"$tmp.err"; then
    echo "warpforthc-checked: ptxas rejected the PTX:" >&2
    cat "$tmp.err" >&2
    rm -f "$tmp.err"
    exit 1
  fi
  rm -f "$tmp.err"
fi
exit $rc
