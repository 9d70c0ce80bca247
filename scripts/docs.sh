#!/usr/bin/env bash
# The library's documentation, built with the toolchain's own docc (no package plugin): the
# public symbol graphs of TooltipKit, TooltipCurses and TooltipScenes, extracted from the debug
# build's modules, then one DocC archive per module, each converted with its catalog
# (Sources/<Module>/<Module>.docc) and warnings as errors, then the three merged into one site:
#
#   .build/docs/<Module>.doccarchive   each module alone
#   .build/docs/TooltipKit-site        the three together, for static hosting (what to open)
#   .build/symbol-graphs/<Module>      the symbol graphs (scripts/api.py lists the API from them)
#
# A broken link, an undocumented parameter or any other docc warning fails the script.
# Usage: scripts/docs.sh            build (about 10 s after `swift build`)
#        scripts/docs.sh --serve    build, then serve the site on http://localhost:8000/
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

modules=(TooltipKit TooltipCurses TooltipScenes)
graphs=.build/symbol-graphs
out=.build/docs

# The modules, built as `swift build` builds them (nothing is rebuilt when they are current).
swift build --target TooltipCurses >/dev/null
swift build --target TooltipScenes >/dev/null
bin=$(swift build --show-bin-path)

# The C modules the Swift modules import: the module maps SwiftPM generated, and CNcurses' own.
c_modules=(-Xcc "-fmodule-map-file=$PWD/Sources/CNcurses/module.modulemap")
for map in "$bin"/*.build/module.modulemap; do
  c_modules+=(-Xcc "-fmodule-map-file=$map")
done

rm -rf "$graphs" "$out"
mkdir -p "$out"
dependencies=()
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  swift symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
    -I "$bin/Modules" "${c_modules[@]}" -minimum-access-level public -skip-inherited-docs -emit-extension-block-symbols \
    -output-dir "$graphs/$module"
  # Each archive can be linked to by the modules after it (TooltipCurses' pages link to
  # TooltipKit's symbols as ``TooltipKit/Scene``).
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.tooltipkit.$module" \
    --enable-experimental-external-link-support "${dependencies[@]}" \
    --warnings-as-errors --output-path "$out/$module.doccarchive" >"$out/$module.log" 2>&1 || {
    cat "$out/$module.log"
    echo "docs.sh: docc convert $module failed (its warnings are above)"
    exit 1
  }
  if grep -E "warning:|error:" "$out/$module.log"; then
    echo "docs.sh: docc convert $module printed the warnings above"
    exit 1
  fi
  dependencies+=(--dependency "$out/$module.doccarchive")
done

archives=()
for module in "${modules[@]}"; do archives+=("$out/$module.doccarchive"); done
docc merge "${archives[@]}" --synthesized-landing-page-name TooltipKit \
  --synthesized-landing-page-topics-style list --output-path "$out/TooltipKit-site" >/dev/null
printf '%s/TooltipKit-site: open http://localhost:8000/documentation/tooltipkit/ after\n' "$out"
printf '  python3 -m http.server -d %s/TooltipKit-site 8000\n' "$out"

if [ "${1:-}" = "--serve" ]; then
  exec python3 -m http.server -d "$out/TooltipKit-site" 8000
fi
