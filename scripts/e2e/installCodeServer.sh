#!/usr/bin/env bash
# Installs what the editor-tier tests need, using only the npm registry and Debian apt
# (no GitHub): Debian's chromium, ripgrep and the build headers of code-server's native
# modules, then code-server (a real VS Code served to a browser) into a cache folder.
#
# usage: scripts/e2e/installCodeServer.sh [CACHE_DIR] [VERSION]
#   CACHE_DIR  default: .cache/code-server (keep it between CI runs)
#   VERSION    default: 4.100.3, the last code-server line that runs on Node 20 (Code 1.100.3)
#
# Idempotent: the stamp CACHE_DIR/.installed-VERSION is written only after every step
# passed, and with it present the script only checks the Debian tools (well under a second).
# Prints the path of code-server's entry.js on stdout as its last line.
set -euo pipefail

CACHE_DIR="${1:-.cache/code-server}"
VERSION="${2:-4.100.3}"
say() { printf '[installCodeServer %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

if [ "$(node -p 'process.versions.node.split(".")[0]')" != 20 ]; then
  say "code-server $VERSION runs on Node 20; this is $(node -v)"; exit 1
fi

# --- Debian packages -------------------------------------------------------------------
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
[ -e /usr/include/gssapi/gssapi.h ] || missing+=(libkrb5-dev)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
    say "missing Debian packages: ${missing[*]}; install them as root (apt-get install ${missing[*]})"; exit 1
  fi
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  say "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

mkdir -p "$CACHE_DIR"
CACHE_DIR="$(cd "$CACHE_DIR" && pwd)"
CS="$CACHE_DIR/node_modules/code-server"
ENTRY="$CS/out/node/entry.js"
if [ -f "$CACHE_DIR/.installed-$VERSION" ] && [ -f "$ENTRY" ]; then
  say "code-server $VERSION already installed in $CACHE_DIR"
  echo "$ENTRY"; exit 0
fi

export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export JOBS="${JOBS:-max}"
# argon2 and kerberos would try prebuilt binaries from GitHub first: build from source.
export npm_config_build_from_source=true

# 1. code-server without lifecycle scripts: its postinstall runs `npm install` in
#    lib/vscode, where @vscode/ripgrep downloads from GitHub and fails offline.
cd "$CACHE_DIR"
[ -f package.json ] || printf '{ "name": "code-server-cache", "private": true }\n' > package.json
say "npm install --ignore-scripts code-server@$VERSION"
npm install --ignore-scripts --no-save "code-server@$VERSION" >&2
[ -f "$ENTRY" ] || { say "code-server package has no out/node/entry.js"; exit 1; }

# 2. argon2 is required at startup (out/node/util.js); npm hoists it to CACHE_DIR.
if ! (cd "$CS" && node -e "require('argon2')") >/dev/null 2>&1; then
  say "building argon2"
  npm rebuild argon2 >&2
fi
(cd "$CS" && node -e "require('argon2')") || { say "argon2 does not load"; exit 1; }

# 3. VS Code's server dependencies, without scripts; then only the Linux native modules.
cd "$CS/lib/vscode"
say "npm install --omit=dev --ignore-scripts (lib/vscode)"
npm install --omit=dev --ignore-scripts >&2
loads() {
  if [ "$1" = node-pty ]; then
    node -e "require('./node_modules/node-pty').spawn('/bin/true',[]).onExit(e=>process.exit(e.exitCode))"
  else
    node -e "require('./node_modules/$1')"
  fi
}
for mod in @vscode/spdlog native-watchdog kerberos node-pty; do
  loads "$mod" >/dev/null 2>&1 && continue
  say "building $mod"
  log="$CACHE_DIR/.build-$(basename "$mod").log"
  # node-pty's postinstall ends with `npx node-gyp configure -f compile_commands_json`
  # (editor metadata) which npx refuses to fetch; pty.node is built before that step,
  # so the load check decides.
  npm rebuild "$mod" >"$log" 2>&1 || [ "$mod" = node-pty ] || { cat "$log" >&2; exit 1; }
  loads "$mod" >/dev/null || { say "$mod does not load after building (see $log)"; exit 1; }
done

# 4. ripgrep from Debian where @vscode/ripgrep's postinstall would download it.
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sfn "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg

# 5. The links code-server's own postinstall.sh would make.
ln -sfn node_modules node_modules.asar
ln -sfn code-linux.sh bin/remote-cli/code-server
ln -sfn browser-linux.sh bin/helpers/browser.sh

# 6. Built-in extensions' shared dependency (TypeScript language features) and its trim step.
cd extensions
say "npm install --omit=dev --ignore-scripts (lib/vscode/extensions)"
npm install --omit=dev --ignore-scripts >&2
node ./postinstall.mjs >/dev/null

# 7. Smoke test (the wrapper writes logs under XDG_DATA_HOME even for --version).
XDG_DATA_HOME="$CACHE_DIR/.xdg" XDG_CONFIG_HOME="$CACHE_DIR/.xdg" node "$ENTRY" --config /dev/null --version >&2
touch "$CACHE_DIR/.installed-$VERSION"
say "installed code-server $VERSION in $CACHE_DIR"
echo "$ENTRY"
