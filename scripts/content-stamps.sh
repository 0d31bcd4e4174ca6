# Sourced by the scripts whose result depends on the checkout's files alone (lint, the web unit
# tests): a stamp under a key of every file git tracks or would track (configs and the lockfile
# among them) says the check passed on exactly these files, so a run that cannot differ, such as
# CI's second pass on another Node, is skipped. Take the key before the check runs.

# The key of the checkout's content; nothing outside a git work tree.
content_key() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # A tracked file deleted from the work tree hashes as sha1sum's error line: still a key.
    { git ls-files -co --exclude-standard -z | xargs -0 sha1sum 2>&1 || true; } |
      sha1sum | cut -c1-40
  fi
}

# Whether the check of stamp folder $1 passed on content $2.
has_passed() {
  [ -n "$2" ] && [ -f "$1/passed-$2" ]
}

# Records that the check of stamp folder $1 passed on content $2 (the only stamp kept).
mark_passed() {
  [ -n "$2" ] || return 0
  mkdir -p "$1"
  rm -f "$1"/passed-*
  touch "$1/passed-$2"
}
