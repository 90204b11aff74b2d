#!/usr/bin/env bash
# Go set-up for CI and for a fresh working copy: checks that the machine's `go` is at least the
# newest `go` directive of the repository's modules (the Go helper and every test module under
# test/ and fixtures/), then downloads every test module's dependencies through the module proxy
# (`go mod download`, into the default GOMODCACHE, verified against each go.sum) and compiles them
# once (`go build ./...`), so the tests find every module in the cache and never change a go.mod.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v go >/dev/null; then
  echo "go not found on PATH: install a current Go (https://go.dev/dl/); the repository's modules need it" >&2
  exit 1
fi
mapfile -t modules < <(find test fixtures -name go.mod -not -path '*/node_modules/*' | sort)
need=$(for m in gohelper/go.mod "${modules[@]}"; do sed -n 's/^go \([0-9.]*\).*/\1/p' "$m"; done | sort -V | tail -1)
have=$(go env GOVERSION | sed 's/^go//')
if [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -1)" != "$need" ]; then
  echo "go $have is older than go $need, which the modules need (newest 'go' line of gohelper/go.mod and ${modules[*]}): install Go >= $need" >&2
  exit 1
fi
echo "== $(go version) (modules need >= $need); GOMODCACHE $(go env GOMODCACHE)"
export GOTOOLCHAIN=local GOWORK=off GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=readonly"
for m in "${modules[@]}"; do
  dir=$(dirname "$m")
  echo "== go mod download, go build ./... in $dir"
  (cd "$dir" && go mod download && go build ./...)
done
