#!/usr/bin/env bash
# Fuzzes the property-list readers with libFuzzer.
#
#   bash scripts/fuzz.sh [seconds-per-target]      (default 30)
#
# Each target in Fuzz/*Fuzz.swift is compiled with `swiftc -sanitize=fuzzer` together with
# Sources/PropertyLists/*.swift (no SwiftPM) and run for the given time. Seeds come from
# $BUNDLEDIFF_CORPUS/plist-vectors (and l10n/ for .strings) when that variable is set.
# Everything it writes goes under Fuzz/out/ (gitignored): binaries, the growing working
# corpus per target, and crash-/timeout-/oom- artifacts. Exits non-zero if any target
# crashed, hung or ran out of memory.
set -euo pipefail
seconds=${1:-30}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
export SWIFT_BACKTRACE=enable=no
out=Fuzz/out
mkdir -p "$out/bin" "$out/artifacts"

# Which seed files suit a target: binary plists, XML, or text (.strings/old-style).
kind_of() {
    local head
    # Strip NULs (UTF-16), BOM bytes and whitespace, then look at the first bytes.
    head=$(head -c 64 "$1" | tr -d '\000\357\273\277\376\377 \t\r\n' | cut -b 1-8 || true)
    case "$head" in
        bplist*) echo binary ;;
        "<?"*|"<!"*|"<plist"*) echo xml ;;
        *) echo text ;;
    esac
}

seed() { # target kind seed-dir
    local dir=$3 kind=$2 n=0
    mkdir -p "$dir"
    if [[ -n "${BUNDLEDIFF_CORPUS:-}" && ! -d "$BUNDLEDIFF_CORPUS/plist-vectors" ]]; then
        echo "fuzz.sh: BUNDLEDIFF_CORPUS=$BUNDLEDIFF_CORPUS has no plist-vectors/" >&2
        exit 2
    fi
    if [[ $kind == canonical ]]; then
        cp Fuzz/seeds/canonical/* "$dir/"   # our own samples; no corpus needed
        return 0
    fi
    [[ -n "${BUNDLEDIFF_CORPUS:-}" ]] || return 0
    if [[ $kind == der ]]; then
        # Provisioning profiles from the bundle corpus.
        while IFS= read -r -d '' f; do
            cp "$f" "$dir/$(printf '%s' "$f" | cksum | cut -d' ' -f1)"
            n=$((n + 1))
        done < <(find "$BUNDLEDIFF_CORPUS/bundles" -name '*.mobileprovision' -print0 2>/dev/null)
        echo "fuzz.sh: $1: $n seed files from the corpus"
        return 0
    fi
    while IFS= read -r -d '' f; do
        [[ $(stat -c %s "$f") -le 262144 ]] || continue
        if [[ $(kind_of "$f") == "$kind" ]]; then
            cp "$f" "$dir/$(printf '%s' "$f" | cksum | cut -d' ' -f1)"
            n=$((n + 1))
        fi
    done < <(find "$BUNDLEDIFF_CORPUS/plist-vectors" "$BUNDLEDIFF_CORPUS/l10n" -type f -print0 2>/dev/null)
    echo "fuzz.sh: $1: $n seed files from the corpus"
}

failed=()
for target in BinaryPlistFuzz:binary StringsFuzz:text XMLPlistFuzz:xml ProvisioningFuzz:der CanonicalTextFuzz:canonical; do
    name=${target%%:*}
    kind=${target##*:}
    echo "fuzz.sh: building $name"
    swiftc -sanitize=fuzzer -parse-as-library -O -module-name PropertyLists \
        Sources/PropertyLists/*.swift Fuzz/FuzzSupport.swift "Fuzz/$name.swift" -o "$out/bin/$name"
    work="$out/corpus-$name"
    seeds="$out/seeds-$name"
    rm -rf "$seeds"
    mkdir -p "$work"
    seed "$name" "$kind" "$seeds"
    echo "fuzz.sh: running $name for ${seconds}s"
    if ! "$out/bin/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$out/artifacts/$name-" "$work" "$seeds" \
        > "$out/$name.log" 2>&1; then
        echo "fuzz.sh: $name FAILED (see $out/$name.log and $out/artifacts/)" >&2
        tail -n 40 "$out/$name.log" >&2
        failed+=("$name")
    else
        grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$out/$name.log" | tail -n 2 || true
    fi
done

if ((${#failed[@]})); then
    echo "fuzz.sh: failures in: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz.sh: no crashes"
