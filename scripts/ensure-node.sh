# shellcheck shell=bash
# Puts a Node.js that can run Tagalong (>= 22.18: native TypeScript type stripping) first on PATH.
# When the machine's node is older, it fetches Node 24 from the npm registry (the `node-linux-<arch>`
# package holds only the node binary) into a cache folder once and reuses it afterwards.
# npm scripts need none of this on Linux: `npm install` puts Node 24 in node_modules/.bin, first on
# PATH under `npm run` (ADR 0052). This is for a shell, to type `node file.ts` by hand, and for CI.
#
#   source scripts/ensure-node.sh      # in a shell or script: PATH is changed for that shell
#
# TAGALONG_NODE_CACHE overrides the cache folder (default: $XDG_CACHE_HOME/tagalong/node-24).

tagalong_node_ok() {
  local version major minor
  version=$(node --version 2>/dev/null) || return 1
  version=${version#v}
  major=${version%%.*}
  minor=${version#*.}
  minor=${minor%%.*}
  [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || return 1
  ((major > 22 || (major == 22 && minor >= 18)))
}

tagalong_ensure_node() {
  if tagalong_node_ok; then
    return 0
  fi
  local cache arch tmp tarball
  cache=${TAGALONG_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tagalong/node-24}
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "ensure-node: no Node 24 package for $(uname -m); install Node.js >= 22.18 yourself." >&2
      return 1
      ;;
  esac
  echo "ensure-node: node is $(node --version 2>/dev/null || echo 'missing'); Tagalong needs >= 22.18."
  if [[ ! -x $cache/package/bin/node ]]; then
    command -v npm >/dev/null || {
      echo "ensure-node: npm is needed to fetch node-linux-$arch@24 from the registry." >&2
      return 1
    }
    echo "ensure-node: fetching node-linux-$arch@24 from the npm registry into $cache"
    mkdir -p "$(dirname "$cache")"
    tmp=$(mktemp -d "$cache.download.XXXXXX")
    if ! npm pack "node-linux-$arch@24" --pack-destination "$tmp" --silent >/dev/null; then
      rm -rf "$tmp"
      echo "ensure-node: npm pack node-linux-$arch@24 failed." >&2
      return 1
    fi
    tarball=$(find "$tmp" -maxdepth 1 -name "node-linux-$arch-*.tgz" | head -n 1)
    tar -xzf "$tarball" -C "$tmp"
    if [[ ! -x $tmp/package/bin/node ]] || [[ $("$tmp/package/bin/node" --version) != v24.* ]]; then
      rm -rf "$tmp"
      echo "ensure-node: the downloaded package holds no working Node 24 binary." >&2
      return 1
    fi
    # Publish the finished folder in one step, so an interrupted download is never reused.
    mkdir -p "$cache"
    rm -rf "$cache/package"
    mv "$tmp/package" "$cache/package"
    rm -rf "$tmp"
  else
    echo "ensure-node: reusing $cache"
  fi
  export PATH="$cache/package/bin:$PATH"
  hash -r
  if [[ $(node --version) != v24.* ]]; then
    echo "ensure-node: expected Node 24 on PATH, got $(node --version)." >&2
    return 1
  fi
  echo "ensure-node: using $(command -v node) ($(node --version))"
}

tagalong_ensure_node
