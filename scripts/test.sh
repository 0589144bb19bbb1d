#!/usr/bin/env bash
# The whole test suite: typecheck and lint, server on SQLite and PostgreSQL, judge in the real
# sandbox, web unit tests, and end-to-end tests in Chromium. Prints one closing line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
export TEST_PG_URL="${TEST_PG_URL:-postgres://root@127.0.0.1:5432/test}"
passed=0; failed=0; failures=()
run() {
  local name="$1"; shift
  echo "=== $name"
  if "$@"; then passed=$((passed+1)); else failed=$((failed+1)); failures+=("$name"); fi
}
run "typecheck and lint" npm run check
out="$(mktemp -d)"
vt() { # vitest in a workspace, with a JSON report to count tests
  local ws="$1" tag="$2"; shift 2
  # The log is kept too: errors outside any test (unhandled rejections, a crashed worker) fail the
  # run without a failed test in the JSON report, and are printed from it at the end.
  (cd "$ws" && "$@" npx vitest run --reporter=default --reporter=json --outputFile="$out/$tag.json") 2>&1 | tee "$out/$tag.log"
  return "${PIPESTATUS[0]}"
}
run "server (SQLite)" vt packages/server server-sqlite env TEST_DB=sqlite
run "server (PostgreSQL)" vt packages/server server-pg env TEST_DB=postgres
for ws in packages/judge packages/web e2e; do
  if [ -d "$ws/test" ]; then run "$ws" vt "$ws" "$(basename "$ws")" env; fi
done
echo
[ ${#failures[@]} -gt 0 ] && echo "failed suites: ${failures[*]}"
node -e '
  const fs = require("fs"); let p = 0, f = 0, s = 0;
  for (const x of fs.readdirSync(process.argv[1]).filter((n) => n.endsWith(".json"))) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + x, "utf8"));
    p += r.numPassedTests; f += r.numFailedTests; s += r.numPendingTests + (r.numTodoTests || 0);
    // The failures again at the very end, where a log cut to its tail still shows them.
    const suite = x.replace(/\.json$/, "");
    for (const file of r.testResults || []) {
      if (file.status === "failed" && !(file.assertionResults || []).some((a) => a.status === "failed")) {
        console.log(`FAILED ${suite} ${file.name}: ${(file.message || "").split("\n").slice(0, 6).join(" | ")}`);
      }
      for (const a of file.assertionResults || []) {
        if (a.status !== "failed") continue;
        const msg = (a.failureMessages || []).join(" ").split("\n").slice(0, 6).join(" | ");
        console.log(`FAILED ${suite} ${file.name.replace(/^.*\/(test\/)/, "$1")} > ${a.fullName}: ${msg.slice(0, 1500)}`);
      }
    }
  }
  // Errors vitest reports outside any test: the block after its "Unhandled" banner, and any
  // suite that ended without writing its report.
  for (const x of fs.readdirSync(process.argv[1]).filter((n) => n.endsWith(".log"))) {
    const lines = fs.readFileSync(process.argv[1] + "/" + x, "utf8").replace(/\x1b\[[0-9;]*m/g, "").split("\n");
    const at = lines.findIndex((l) => /Unhandled (Error|Rejection)|unhandled errors? during|Worker exited|Timeout calling/i.test(l));
    if (at >= 0) console.log(`ERROR ${x.replace(/\.log$/, "")}: ${lines.slice(at, at + 14).join(" | ").slice(0, 2000)}`);
    if (!fs.existsSync(process.argv[1] + "/" + x.replace(/\.log$/, ".json"))) console.log(`ERROR ${x.replace(/\.log$/, "")}: no report written; last lines: ${lines.slice(-8).join(" | ")}`);
  }
  console.log(`suites: ${process.argv[2]} passed, ${process.argv[3]} failed`);
  console.log(`tests: ${p} passed, ${f} failed, ${s} skipped`);
' "$out" "$passed" "$failed"
[ "$failed" -eq 0 ]
