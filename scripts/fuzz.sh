#!/usr/bin/env bash
# Fuzzes every parser bundlediff owns with libFuzzer.
#
#   bash scripts/fuzz.sh [seconds-per-target] [TargetFuzz ...]   (default 30 s, all targets)
#
# Each target in Fuzz/*Fuzz.swift is compiled with `swiftc -sanitize=fuzzer` together with
# the sources it needs (no SwiftPM; one module, so internal API is reachable) and run for
# the given time, one after the other. Seeds come from $BUNDLEDIFF_CORPUS (default
# ../shared/corpus when it exists): plist-vectors/ and l10n/ for the plist readers,
# provisioning profiles and small .ipa/.zip files from bundles/; and from Fuzz/seeds/.
# Everything it writes goes under Fuzz/out/ (gitignored): binaries, the growing working
# corpus per target, and crash-/timeout-/oom- artifacts. Exits non-zero if any target
# crashed, hung or ran out of memory.
set -euo pipefail
seconds=${1:-30}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
export SWIFT_BACKTRACE=enable=no
if [[ -z "${BUNDLEDIFF_CORPUS:-}" && -d ../shared/corpus/plist-vectors ]]; then
    BUNDLEDIFF_CORPUS=$(cd ../shared/corpus && pwd)
fi
shift || true
only=("$@")
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
    if [[ $kind == macho ]]; then
        cp Fuzz/seeds/macho/* "$dir/"     # fixtures written by MachOWriter (MachOSeedTests)
        [[ -n "${BUNDLEDIFF_CORPUS:-}" ]] || return 0
        while IFS= read -r -d '' f; do    # small real binaries (larger ones are cut at -max_len)
            case $(head -c 4 "$f" | od -An -tx1 | tr -d ' \n') in
                cffaedfe|cefaedfe|cafebabe|cafebabf) cp "$f" "$dir/$(printf '%s' "$f" | cksum | cut -d' ' -f1)"; n=$((n + 1)) ;;
            esac
        done < <(find "$BUNDLEDIFF_CORPUS/bundles" -type f -size -262145c -print0 2>/dev/null)
        echo "fuzz.sh: $1: $n seed binaries from the corpus"
        return 0
    fi
    if [[ $kind == canonical || $kind == names || $kind == yaml || $kind == seal || $kind == json || $kind == cache || $kind == record || $kind == facts || $kind == encoding ]]; then
        cp Fuzz/seeds/"$kind"/* "$dir/"   # our own samples; no corpus needed
        return 0
    fi
    if [[ $kind == zip ]]; then
        cp Fuzz/seeds/zip/* "$dir/"       # small zips from Fuzz/make_zip_seeds.py
        [[ -n "${BUNDLEDIFF_CORPUS:-}" ]] || return 0
        while IFS= read -r -d '' f; do
            cp "$f" "$dir/$(printf '%s' "$f" | cksum | cut -d' ' -f1)"
            n=$((n + 1))
        done < <(find "$BUNDLEDIFF_CORPUS/bundles" -type f \( -iname '*.ipa' -o -iname '*.zip' \) \
                      -size -65537c -print0 2>/dev/null)
        echo "fuzz.sh: $1: $n seed archives from the corpus"
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

# name:seed-kind:sources. Sources: plist = the property-list readers; bundle = those, the
# bundle values (BundleModel) and the readers (BundleReading: zip, walker) with zlib and libcrypto; names = tree-name escaping (path
# display comes from TextSafety); seal = the CodeResources rules2 patterns (Sources/CodeSigning's
# pattern files alone, checked against glibc's regcomp/regexec); json = JSONReader, JSONNode and JSONMembers
# (bundlediff.json), checked against Foundation's JSONSerialization; summary = SummaryDirectReader with
# the summary's sources and BundleModel, checked against the summary's tree reading; macho = the plist readers and
# Sources/MachO (a stand-in digest for the cdhash); yaml = the bounded YAML reading (Sources/BundleDiffKit's YAML
# files: our composer over the system's libyaml, libyaml-dev); cache = the derived-cache readers
# (Sources/SnapshotStore's memo and cache files; ObjectID from Sources/Git as a module, linked
# against libgit2), seeded from Fuzz/seeds/cache/; record = the file-record reader
# (Sources/SnapshotStore/FileRecord.swift with BundleModel), against the first reader kept in the target; facts = the reader of a
# build's kept seal evaluations (Sources/CodeSigning's evaluation files with BundleModel), held to its writer;
# encoding = our own samples for the plist-value encoding of the derived cache (PlistEncodingFuzz).
targets=(BinaryPlistFuzz:binary:plist StringsFuzz:text:plist XMLPlistFuzz:xml:plist
         ProvisioningFuzz:der:plist CanonicalTextFuzz:canonical:plist TextEncodingFuzz:text:plist
         ZipFuzz:zip:bundle ZipLayoutFuzz:zip:bundle NamesFuzz:names:names ConfigFuzz:yaml:yaml
         SealPatternFuzz:seal:seal MachOFuzz:macho:macho JSONFuzz:json:json SummaryFuzz:json:summary
         DerivedCacheFuzz:cache:cache FileRecordFuzz:record:record SealFactsFuzz:facts:facts
         PlistEncodingFuzz:encoding:plist)

# TextSafety, the module every reader imports, is built once as its own module and linked in.
text_safety() {
    [[ -f $out/mods/TextSafety.o && -z $(find Sources/TextSafety -newer "$out/mods/TextSafety.o") ]] && return 0
    mkdir -p "$out/mods"
    swiftc -parse-as-library -O -wmo -module-name TextSafety -emit-module \
        -emit-module-path "$out/mods/TextSafety.swiftmodule" -c Sources/TextSafety/*.swift -o "$out/mods/TextSafety.o"
}

# For the zip targets, PropertyLists and BundleModel (the values the readers fill) are built
# as their own instrumented modules, in that order, so BundleReading's `import BundleModel`
# resolves; BundleReading is then compiled with the target as one module.
fuzzed_module() { # name [modules it imports]
    local dirs=() m
    for m in "$@"; do dirs+=("Sources/$m"); done
    [[ -f $out/mods/$1.o && -z $(find "${dirs[@]}" -newer "$out/mods/$1.o") ]] && return 0
    swiftc -sanitize=fuzzer -parse-as-library -O -wmo -module-name "$1" -emit-module -suppress-warnings \
        -I "$out/mods" -I Sources/CProcess/include -emit-module-path "$out/mods/$1.swiftmodule" -c "Sources/$1"/*.swift -o "$out/mods/$1.o"
}

# Platform's C half (threads started on the other CPU): CProcess, compiled once.
c_process() {
    [[ -f $out/mods/CProcess.o && -z $(find Sources/CProcess -newer "$out/mods/CProcess.o") ]] && return 0
    mkdir -p "$out/mods"
    clang -O2 -c Sources/CProcess/CProcess.c -I Sources/CProcess/include -o "$out/mods/CProcess.o"
}

# BundleModel and the modules it imports, built in that order as instrumented modules (the
# zip, summary and cache targets import BundleModel), and what linking against them takes.
model_modules() {
    fuzzed_module Platform
    fuzzed_module PropertyLists Platform TextSafety
    fuzzed_module MachO PropertyLists Platform TextSafety
    fuzzed_module Stores PropertyLists Platform TextSafety
    fuzzed_module BundleModel Platform MachO Stores PropertyLists TextSafety
}
model_flags=("$out/mods/PropertyLists.o" "$out/mods/MachO.o" "$out/mods/Stores.o" "$out/mods/BundleModel.o"
             -I Sources/CZlib -I Sources/COpenSSL -I Sources/CSQLite -lz -lcrypto -lsqlite3 -suppress-warnings)

# ObjectID alone as the module Git (the cache files hold object ids; the rest of Sources/Git
# is the repository, which the cache readers never touch).
object_id_module() {
    [[ -f $out/mods/Git.o && -z $(find Sources/Git/ObjectID*.swift -newer "$out/mods/Git.o") ]] && return 0
    swiftc -sanitize=fuzzer -parse-as-library -O -wmo -module-name Git -emit-module -suppress-warnings \
        -I "$out/mods" -I Sources/CLibgit2 -emit-module-path "$out/mods/Git.swiftmodule" \
        -c Sources/Git/ObjectID.swift Sources/Git/ObjectID+Hash.swift -o "$out/mods/Git.o"
}

compile() { # name sources
    local sources=(Sources/PropertyLists/*.swift Fuzz/FuzzSupport.swift) flags=(-I "$out/mods" "$out/mods/TextSafety.o")
    local module=PropertyLists
    text_safety
    # PropertyLists imports Platform (a lock), and Platform CProcess; every target links them.
    c_process
    fuzzed_module Platform
    flags+=("$out/mods/Platform.o" "$out/mods/CProcess.o" -I Sources/CProcess/include)
    case $2 in
        bundle) model_modules
                sources=(Sources/BundleReading/*.swift Fuzz/FuzzSupport.swift)
                flags+=("${model_flags[@]}")
                module=BundleReading ;;
        names) sources=(Sources/SnapshotStore/TreeNameEscaping.swift) ;;
        json) sources=(Sources/SnapshotStore/JSONReader.swift Sources/SnapshotStore/JSONNode.swift Sources/SnapshotStore/JSONMembers.swift) ;;
        summary) model_modules
                 sources=(Sources/SnapshotStore/{JSONReader,JSONNode,JSONMembers,JSONValue,SnapshotSummary,SummaryDirectReader,FolderSize}.swift)
                 flags+=("${model_flags[@]}")
                 module=SnapshotStore ;;
        cache) model_modules
               object_id_module
               sources=(Sources/SnapshotStore/{SnapshotTreeMemo,SnapshotTreeMemo+Cache,SnapshotTreeMemo+PlistCache}.swift
                        Sources/SnapshotStore/{DerivedCacheBytes,DerivedCacheChecksum,DerivedCacheStream,FileRecord}.swift)
               flags+=("${model_flags[@]}" "$out/mods/Git.o" -I Sources/CLibgit2 -lgit2)
               module=SnapshotStore ;;
        facts) model_modules
               sources=(Sources/CodeSigning/{SealEvaluation,SealEvaluation+Facts,SealDiscrepancy}.swift)
               flags+=("${model_flags[@]}")
               module=CodeSigning ;;
        record) model_modules
                sources=(Sources/SnapshotStore/FileRecord.swift)
                flags+=("${model_flags[@]}")
                module=SnapshotStore ;;
        macho) sources+=(Sources/MachO/*.swift)
               flags+=(-suppress-warnings) ;;
        seal) sources=(Sources/CodeSigning/Pattern*.swift Sources/CodeSigning/SealPattern*.swift
                       Sources/CodeSigning/ByteSet.swift Sources/CodeSigning/MatchBudget.swift) ;;
        yaml) sources=(Sources/BundleDiffKit/YAML*.swift Sources/BundleDiffKit/UserFacingError.swift)
              flags+=(-I Sources/CYAML -lyaml)
              module=BundleDiffKit ;;
    esac
    swiftc -sanitize=fuzzer -parse-as-library -O -module-name "$module" "${flags[@]}" \
        "${sources[@]}" "Fuzz/$1.swift" -o "$out/bin/$1"
}

for name in "${only[@]}"; do
    [[ " ${targets[*]} " == *" $name:"* ]] || { echo "fuzz.sh: no target $name (see Fuzz/*Fuzz.swift)" >&2; exit 2; }
done

summary=$out/summary.txt
: > "$summary"
failed=()
for target in "${targets[@]}"; do
    IFS=: read -r name kind sources <<< "$target"
    if ((${#only[@]})) && [[ " ${only[*]} " != *" $name "* ]]; then continue; fi
    echo "fuzz.sh: building $name"
    compile "$name" "$sources"
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
        echo "$name ${seconds}s FAILED" >> "$summary"
    else
        # Executions, then coverage (cov: edges, ft: features) and corpus size at the end.
        execs=$(grep -E '^stat::number_of_executed_units' "$out/$name.log" | awk '{print $2}')
        last=$(grep -E '^#[0-9]+.*(cov|ft):' "$out/$name.log" | tail -n 1)
        cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<< "$last")
        ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<< "$last")
        corp=$(sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p' <<< "$last")
        echo "$name ${seconds}s execs=$execs cov=$cov ft=$ft corpus=$corp" | tee -a "$summary"
    fi
done
rm -f /dev/shm/bundlediff-zipfuzz-* /tmp/bundlediff-zipfuzz-* 2>/dev/null || true

if ((${#failed[@]})); then
    echo "fuzz.sh: failures in: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz.sh: no crashes (summary in $summary)"
