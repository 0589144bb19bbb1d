import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { PlagiarismRunner } from '../src/modules/plagiarism/runner.js';
import { familyOf } from '../src/modules/plagiarism/detector.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addProblem, call, contest, judged, MIN, problem, user, type CUser } from './contest-fixtures.js';
import { cast, castGroup, seat, type Cast } from './group-fixtures.js';

/*
 * The contest plagiarism check (issue 31) against the real detector (Dolos with its native
 * tree-sitter grammars) on SQLite, and once on PostgreSQL (TEST_DB=postgres).
 */

// Shortest paths (Dijkstra) with a helper to read the graph.
const CPP_ORIG = `#include <bits/stdc++.h>
using namespace std;
typedef long long ll;
const ll INF = 1e18;
vector<pair<int, ll>> adj[200005];
ll dist[200005];

void readGraph(int m) {
    for (int i = 0; i < m; i++) {
        int u, v; ll w;
        scanf("%d %d %lld", &u, &v, &w);
        adj[u].push_back({v, w});
        adj[v].push_back({u, w});
    }
}

void dijkstra(int src, int n) {
    for (int i = 1; i <= n; i++) dist[i] = INF;
    priority_queue<pair<ll, int>, vector<pair<ll, int>>, greater<pair<ll, int>>> pq;
    dist[src] = 0;
    pq.push({0, src});
    while (!pq.empty()) {
        auto [d, u] = pq.top(); pq.pop();
        if (d > dist[u]) continue;
        for (auto &e : adj[u]) {
            if (dist[u] + e.second < dist[e.first]) {
                dist[e.first] = dist[u] + e.second;
                pq.push({dist[e.first], e.first});
            }
        }
    }
}

int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    readGraph(m);
    dijkstra(1, n);
    for (int i = 1; i <= n; i++) printf("%lld ", dist[i] == INF ? -1 : dist[i]);
    printf("\\n");
    return 0;
}
`;

// The same program: identifiers renamed, functions reordered, comments and spacing changed.
const CPP_COPY = `#include <bits/stdc++.h>
using namespace std;
typedef long long LL;
const LL BIG = 1e18;
// shortest path
vector<pair<int, LL>> g[200005];
LL best[200005];

void solve(int start, int cnt)
{
    for (int k = 1; k <= cnt; k++) best[k] = BIG;
    priority_queue<pair<LL, int>, vector<pair<LL, int>>, greater<pair<LL, int>>> heap;
    best[start] = 0;
    heap.push({0, start});
    while (!heap.empty())
    {
        auto [cur, x] = heap.top(); heap.pop();
        if (cur > best[x]) continue;
        for (auto &ed : g[x])
        {
            if (best[x] + ed.second < best[ed.first])
            {
                best[ed.first] = best[x] + ed.second;
                heap.push({best[ed.first], ed.first});
            }
        }
    }
}

/* read edges */
void input(int edges)
{
    for (int j = 0; j < edges; j++)
    {
        int a, b; LL c;
        scanf("%d %d %lld", &a, &b, &c);
        g[a].push_back({b, c});
        g[b].push_back({a, c});
    }
}

int main()
{
    int N, M;
    scanf("%d %d", &N, &M);
    input(M);
    solve(1, N);
    for (int k = 1; k <= N; k++) printf("%lld ", best[k] == BIG ? -1 : best[k]);
    printf("\\n");
    return 0;
}
`;

// Unrelated correct solutions of the same problem: SPFA with a struct, and Bellman-Ford on an edge list with iostream.
const CPP_OTHER1 = `#include <cstdio>
#include <queue>
#include <cstring>
struct Edge { int to, next; long long w; } es[400010];
int head[200005], tot;
long long d[200005];
bool inq[200005];
void add(int a, int b, long long w) { es[++tot] = {b, head[a], w}; head[a] = tot; }
int main() {
  int n, m; std::scanf("%d%d", &n, &m);
  std::memset(head, 0, sizeof head);
  while (m--) { int a, b; long long w; std::scanf("%d%d%lld", &a, &b, &w); add(a, b, w); add(b, a, w); }
  std::memset(d, 0x3f, sizeof d);
  std::queue<int> q; q.push(1); d[1] = 0; inq[1] = true;
  while (q.size()) {
    int x = q.front(); q.pop(); inq[x] = false;
    for (int i = head[x]; i; i = es[i].next) {
      int y = es[i].to;
      if (d[x] + es[i].w < d[y]) { d[y] = d[x] + es[i].w; if (!inq[y]) { inq[y] = true; q.push(y); } }
    }
  }
  for (int i = 1; i <= n; ++i) std::printf("%lld ", d[i] > (long long)1e17 ? -1LL : d[i]);
  std::puts("");
}
`;

const CPP_OTHER2 = `#include <iostream>
#include <vector>
#include <tuple>
#include <limits>
using std::cin; using std::cout;
int main() {
    std::ios::sync_with_stdio(false);
    int nodes, edgeCount;
    cin >> nodes >> edgeCount;
    std::vector<std::tuple<int, int, long long>> edgeList;
    edgeList.reserve(2 * edgeCount);
    for (int e = 0; e < edgeCount; ++e) {
        int from, to; long long cost;
        cin >> from >> to >> cost;
        edgeList.emplace_back(from, to, cost);
        edgeList.emplace_back(to, from, cost);
    }
    const long long UNREACHED = std::numeric_limits<long long>::max() / 4;
    std::vector<long long> shortest(nodes + 1, UNREACHED);
    shortest[1] = 0;
    for (int round = 1; round < nodes; ++round) {
        bool changed = false;
        for (const auto &[from, to, cost] : edgeList)
            if (shortest[from] != UNREACHED && shortest[from] + cost < shortest[to]) { shortest[to] = shortest[from] + cost; changed = true; }
        if (!changed) break;
    }
    for (int v = 1; v <= nodes; ++v) cout << (shortest[v] == UNREACHED ? -1 : shortest[v]) << ' ';
    cout << '\\n';
}
`;

const PY_ORIG = `import sys
from collections import deque

def read_grid():
    data = sys.stdin.read().split()
    rows, cols = int(data[0]), int(data[1])
    grid = [data[2 + i] for i in range(rows)]
    return rows, cols, grid

def bfs(rows, cols, grid, start):
    dist = [[-1] * cols for _ in range(rows)]
    queue = deque([start])
    dist[start[0]][start[1]] = 0
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != '#' and dist[nr][nc] == -1:
                dist[nr][nc] = dist[r][c] + 1
                queue.append((nr, nc))
    return dist

def main():
    rows, cols, grid = read_grid()
    dist = bfs(rows, cols, grid, (0, 0))
    print(dist[rows - 1][cols - 1])

main()
`;

const PY_COPY = `import sys
from collections import deque

# breadth first search over the maze
def search(h, w, board, src):
    seen = [[-1] * w for _ in range(h)]
    todo = deque([src])
    seen[src[0]][src[1]] = 0
    while todo:
        y, x = todo.popleft()
        for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            ny, nx = y + dy, x + dx
            if 0 <= ny < h and 0 <= nx < w and board[ny][nx] != '#' and seen[ny][nx] == -1:
                seen[ny][nx] = seen[y][x] + 1
                todo.append((ny, nx))
    return seen

def load():
    tokens = sys.stdin.read().split()
    h, w = int(tokens[0]), int(tokens[1])
    board = [tokens[2 + k] for k in range(h)]
    return h, w, board

def main():
    h, w, board = load()
    seen = search(h, w, board, (0, 0))
    print(seen[h - 1][w - 1])

main()
`;

let t: TestApp;
let org: CUser;
let root: CUser;
let outsider: CUser;
const users: CUser[] = [];
let cid = 0;
let emptyCid = 0;
let pA = 0;
let pB = 0;
const sid: Record<string, number> = {};

/** A judged contest submission with its code and language. */
async function submit(u: CUser, p: number, at: number, code: string, language: string, status: number = JudgeStatus.ACCEPTED) {
  const id = await judged(t, { cid, pid: p, u, at, status });
  await t.ctx.db.updateTable('submission').set({ code, language, length: code.length }).where('id', '=', id).execute();
  return id;
}

async function runChecks() {
  await t.ctx.services.plagiarism!.idle();
}

async function check(c: number, scope?: string) {
  const res = await call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid: c, ...(scope ? { scope } : {}) } });
  expect(res.code, res.msg).toBe(200);
  await runChecks();
  return res;
}

const report = (c: number, query: Record<string, unknown> = {}, as: CUser = org) => call(t, 'GET', '/admin/contest/plagiarism', { as, query: { cid: c, ...query } });
const rank = async (c: number, as: CUser) => (await call(t, 'POST', '/get-contest-rank', { as, body: { cid: c, limit: 50 } })).data.records as
  { uid: number; rank: number; excludedReason?: string | null; ac: number }[];

beforeAll(async () => {
  t = await createTestApp();
  org = await user(t, 'pl_org', Role.PROBLEM_ADMIN);
  root = await user(t, 'pl_root', Role.ROOT);
  outsider = await user(t, 'pl_out');
  for (let i = 0; i < 6; i++) users.push(await user(t, `pl_u${i}`));
  const start = Date.now() - 180 * MIN;
  cid = await contest(t, org, { startTime: start, endTime: Date.now() - MIN });
  emptyCid = await contest(t, org, { startTime: start, endTime: Date.now() - MIN });
  pA = await problem(t, 'PLA', { author: org.uid });
  pB = await problem(t, 'PLB', { author: org.uid });
  await addProblem(t, org, cid, pA, 'A');
  await addProblem(t, org, cid, pB, 'B');
  await addProblem(t, org, emptyCid, pA, 'A');
  const [u0, u1, u2, u3, u4, u5] = users;
  // Problem A in C++: u1 copies u0; u2 and u3 solve it their own way; u4's wrong attempt is not in lastAccepted.
  sid.orig = await submit(u0, pA, start + 10 * MIN, CPP_ORIG, 'C++ 17');
  sid.copy = await submit(u1, pA, start + 30 * MIN, CPP_COPY, 'C++ With O2');
  sid.other1 = await submit(u2, pA, start + 20 * MIN, CPP_OTHER1, 'C++');
  sid.other2 = await submit(u3, pA, start + 25 * MIN, CPP_OTHER2, 'C++ 20');
  // u0 submits the same code twice: only the last accepted one is compared, never with itself.
  sid.origAgain = await submit(u0, pA, start + 40 * MIN, CPP_ORIG, 'C++ 17');
  sid.wrong = await submit(u4, pA, start + 50 * MIN, CPP_ORIG, 'C++ 17', JudgeStatus.WRONG_ANSWER);
  // Problem B in Python: u2 copies u5.
  sid.py = await submit(u5, pB, start + 15 * MIN, PY_ORIG, 'Python3');
  sid.pyCopy = await submit(u2, pB, start + 35 * MIN, PY_COPY, 'PyPy3');
  // A lone C solution of B: its group has nothing to compare and is listed as not checked.
  sid.lone = await submit(u3, pB, start + 45 * MIN, 'int main(void) { return 0; }', 'C');
  // The author's own test submission is left out.
  sid.author = await submit(org, pA, start + 5 * MIN, CPP_ORIG, 'C++ 17');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('languages', () => {
  it('maps Verdict languages to Dolos languages, others by characters', () => {
    expect(familyOf('C++ 17 With O2')).toEqual({ language: 'cpp', dolos: 'cpp', charTokens: false });
    expect(familyOf('C With O2').dolos).toBe('c');
    expect(familyOf('C').dolos).toBe('c');
    expect(familyOf('C#').dolos).toBe('c-sharp');
    expect(familyOf('Java').dolos).toBe('java');
    expect(familyOf('JavaScript Node').dolos).toBe('javascript');
    expect(familyOf('PyPy3').dolos).toBe('python');
    expect(familyOf('Python2').dolos).toBe('python');
    expect(familyOf('Golang').dolos).toBe('go');
    expect(familyOf('Rust').dolos).toBe('rust');
    expect(familyOf('PHP').dolos).toBe('php');
    expect(familyOf('Pascal')).toEqual({ language: 'pascal', dolos: 'char', charTokens: true });
    expect(familyOf('Kotlin').dolos).toBe('char');
  });
});

describe('plagiarism check', () => {
  it('refuses bad input with clear messages', async () => {
    expect((await call(t, 'POST', '/admin/contest/plagiarism', { as: outsider, body: { cid } })).code).toBe(403);
    expect((await report(cid, {}, outsider)).code).toBe(403);
    const unknown = await call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid: 999999 } });
    expect(unknown.code).toBe(404);
    const scope = await call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid, scope: 'everything' } });
    expect(scope.code).toBe(400);
    expect(scope.msg).toMatch(/lastAccepted/);
    const zh = await call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid: 'x' }, lang: 'zh-CN' });
    expect(zh.code).toBe(400);
    expect(zh.msg).toMatch(/比赛ID/);
    const min = await report(cid, { min: 2 });
    expect(min.code).toBe(400);
    expect(min.msg).toMatch(/between 0 and 1/);
    const never = await report(cid);
    expect(never.code).toBe(200);
    expect(never.data.status).toBe('none');
  });

  it('an empty contest gives an empty result', async () => {
    await check(emptyCid);
    const r = await report(emptyCid, { min: 0 });
    expect(r.data).toMatchObject({ status: 'done', progress: 1, pairs: [], clusters: [], groups: [], total: 0, partial: false, warning: null });
  });

  it('finds a C++ copy with renamed identifiers and reordered functions; unrelated solutions score low; no self pairs', async () => {
    const start = await call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid } });
    expect(start.code).toBe(200);
    expect(['queued', 'running', 'done']).toContain(start.data.status);
    await runChecks();
    const r = await report(cid, { min: 0 });
    expect(r.data.status).toBe('done');
    expect(r.data.scope).toBe('lastAccepted');
    const pairs = r.data.pairs as { leftSubmitId: number; rightSubmitId: number; leftUid: number; rightUid: number; similarity: number; language: string; problem: string; longestFragment: number }[];
    const find = (a: number, b: number) => pairs.find((p) => (p.leftSubmitId === a && p.rightSubmitId === b) || (p.leftSubmitId === b && p.rightSubmitId === a));
    const copy = find(sid.origAgain, sid.copy);
    expect(copy, JSON.stringify(pairs)).toBeDefined();
    expect(copy!.similarity).toBeGreaterThanOrEqual(0.7);
    // u0's last accepted submission came after u1's copy: u1's is the left (older) one.
    expect(copy).toMatchObject({ language: 'cpp', problem: 'A', leftSubmitId: sid.copy, leftUsername: 'pl_u1', rightUsername: 'pl_u0', charTokens: false });
    expect(copy!.longestFragment).toBeGreaterThan(3);
    // Sorted by similarity, left is the older submission, never a submission or a user with itself.
    expect(pairs.map((p) => p.similarity)).toEqual([...pairs.map((p) => p.similarity)].sort((a, b) => b - a));
    for (const p of pairs) {
      expect(p.leftSubmitId).toBeLessThan(p.rightSubmitId);
      expect(p.leftUid).not.toBe(p.rightUid);
    }
    // Only the last accepted submission of each user; the wrong answer and the author's test are not compared.
    const ids = new Set(pairs.flatMap((p) => [p.leftSubmitId, p.rightSubmitId]));
    for (const s of [sid.orig, sid.wrong, sid.author]) expect(ids.has(s)).toBe(false);
    // Unrelated correct solutions: below 0.4 (or not kept at all).
    for (const [a, b] of [[sid.origAgain, sid.other1], [sid.origAgain, sid.other2], [sid.other1, sid.other2], [sid.copy, sid.other1], [sid.copy, sid.other2]]) {
      expect(find(a, b)?.similarity ?? 0).toBeLessThan(0.4);
    }
    const group = r.data.groups.find((g: { problem: string; language: string }) => g.problem === 'A' && g.language === 'cpp');
    expect(group).toMatchObject({ submissions: 4, error: null });
    expect(r.data.unchecked).toEqual([expect.objectContaining({ problem: 'B', language: 'c', submissions: 1, pairs: 0, error: 'Fewer than two submissions: nothing to compare' })]);
    const zhReport = await call(t, 'GET', '/admin/contest/plagiarism', { as: org, query: { cid }, lang: 'zh-CN' });
    expect(zhReport.data.unchecked[0].error).toBe('提交少于两份：无可比较');
    expect(r.data.languages).toEqual(['cpp', 'python']);
    // Filters.
    const high = await report(cid, { min: 0.7 });
    expect(high.data.pairs.every((p: { similarity: number }) => p.similarity >= 0.7)).toBe(true);
    expect((await report(cid, { min: 0, problem: 'B' })).data.pairs.every((p: { problem: string }) => p.problem === 'B')).toBe(true);
    expect((await report(cid, { min: 0, language: 'python' })).data.pairs.every((p: { language: string }) => p.language === 'python')).toBe(true);
    expect((await report(cid, { min: 0, pid: pA })).data.pairs.every((p: { pid: number }) => p.pid === pA)).toBe(true);
    // Side by side: both sources and the shared fragments as line ranges.
    const side = await call(t, 'GET', '/admin/contest/plagiarism/pair', { as: org, query: { cid, left: sid.copy, right: sid.origAgain } });
    expect(side.code, side.msg).toBe(200);
    expect(side.data.left).toMatchObject({ submitId: sid.copy, username: 'pl_u1', language: 'C++ With O2', code: CPP_COPY });
    expect(side.data.right).toMatchObject({ submitId: sid.origAgain, username: 'pl_u0', language: 'C++ 17', code: CPP_ORIG });
    expect(side.data.pair.similarity).toBeGreaterThanOrEqual(0.7);
    expect(side.data.fragments.length).toBeGreaterThan(0);
    for (const f of side.data.fragments) expect(f.left.endRow).toBeGreaterThanOrEqual(f.left.startRow);
    const self = await call(t, 'GET', '/admin/contest/plagiarism/pair', { as: org, query: { cid, left: sid.copy, right: sid.copy } });
    expect(self.code).toBe(400);
    expect((await call(t, 'GET', '/admin/contest/plagiarism/pair', { as: org, query: { cid, left: sid.other1, right: sid.wrong } })).code).toBe(404);
  });

  it('finds a Python copy (PyPy3 and Python3 are one family)', async () => {
    const r = await report(cid, { min: 0, language: 'python' });
    const p = r.data.pairs.find((x: { leftSubmitId: number; rightSubmitId: number }) => x.leftSubmitId === sid.py && x.rightSubmitId === sid.pyCopy);
    expect(p, JSON.stringify(r.data.pairs)).toBeDefined();
    expect(p.similarity).toBeGreaterThanOrEqual(0.7);
    expect(p.problem).toBe('B');
  });

  it('scope final compares every participant\'s last submission', async () => {
    await check(cid, 'final');
    const r = await report(cid, { min: 0 });
    expect(r.data.scope).toBe('final');
    // u4's wrong answer (a copy of u0's code) is now compared.
    const ids = new Set(r.data.pairs.flatMap((p: { leftSubmitId: number; rightSubmitId: number }) => [p.leftSubmitId, p.rightSubmitId]));
    expect(ids.has(sid.wrong)).toBe(true);
    const wrongPair = r.data.pairs.find((p: { leftSubmitId: number; rightSubmitId: number }) => p.leftSubmitId === sid.origAgain && p.rightSubmitId === sid.wrong);
    expect(wrongPair.similarity).toBeGreaterThan(0.95);
    // Clusters: u0, u1 and u4 share the same code.
    const cluster = r.data.clusters.find((c: { problem: string }) => c.problem === 'A');
    expect(cluster.users.map((u: { username: string }) => u.username).sort()).toEqual(['pl_u0', 'pl_u1', 'pl_u4']);
    await check(cid); // back to lastAccepted for the tests below
  });

  it('two checks at once make one job; a second POST answers the running one', async () => {
    const [a, b] = await Promise.all([
      call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid: emptyCid } }),
      call(t, 'POST', '/admin/contest/plagiarism', { as: root, body: { cid: emptyCid } }),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(await t.ctx.db.selectFrom('plagiarism_job').select('id').where('cid', '=', emptyCid).execute()).toHaveLength(1);
    await runChecks();
    // A job another (live) server is running: the POST leaves it alone and says so.
    await t.ctx.db.updateTable('plagiarism_job').set({ status: 'running', owner: 'other-server', lease_until: Date.now() + 60_000, created_at: 12345 })
      .where('cid', '=', emptyCid).execute();
    const again = await call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid: emptyCid } });
    expect(again.code).toBe(200);
    expect(again.msg).toBe('The check of this contest is still running');
    expect(again.data).toMatchObject({ status: 'running', createdAt: 12345 });
    const zh = await call(t, 'POST', '/admin/contest/plagiarism', { as: org, body: { cid: emptyCid }, lang: 'zh-CN' });
    expect(zh.msg).toBe('该比赛的查重仍在进行中');
    await t.ctx.db.updateTable('plagiarism_job').set({ status: 'done', owner: null, lease_until: null }).where('cid', '=', emptyCid).execute();
  });

  it('a job left running by a dead process is requeued at start-up and finished', async () => {
    await t.ctx.db.deleteFrom('plagiarism_pair').where('cid', '=', cid).execute();
    await t.ctx.db.updateTable('plagiarism_job')
      .set({ status: 'running', owner: 'dead-process', lease_until: Date.now() - 1000, progress: 0.5, finished_at: null, attempts: 1 })
      .where('cid', '=', cid).execute();
    expect((await report(cid)).data).toMatchObject({ status: 'running', progress: 0.5 });
    // A new server process starting: its runner requeues the job and runs it.
    const next = new PlagiarismRunner(t.ctx);
    await next.start();
    await next.idle();
    await runChecks();
    await next.stop();
    const r = await report(cid, { min: 0.7 });
    expect(r.data).toMatchObject({ status: 'done', progress: 1 });
    expect(r.data.pairs.length).toBeGreaterThanOrEqual(2);
  });

  it('a running contest may be checked, with a warning that the check is partial', async () => {
    const running = await contest(t, org, { startTime: Date.now() - 10 * MIN, endTime: Date.now() + 60 * MIN });
    const res = await check(running);
    expect(res.data.partial).toBe(true);
    expect(res.data.warning).toMatch(/had not ended/);
    const zh = await report(running, {}, org);
    expect(zh.data.partial).toBe(true);
    const r = await call(t, 'GET', '/admin/contest/plagiarism', { as: org, query: { cid: running }, lang: 'zh-CN' });
    expect(r.data.warning).toMatch(/尚未结束/);
  });

  it('a decision is recorded with who and when; "cheating" with exclude takes both users out of the rank, marked with the reason', async () => {
    const before = await rank(cid, users[0]);
    expect(before.find((r) => r.uid === users[0].uid)!.rank).toBeGreaterThan(0);
    const body = { cid, leftSubmitId: sid.copy, rightSubmitId: sid.origAgain, verdict: 'cheating', exclude: true, reason: 'Same code as another contestant' };
    // Bad decisions.
    expect((await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: outsider, body })).code).toBe(403);
    const noReason = await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: org, body: { ...body, reason: '' } });
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toMatch(/reason/);
    const cleared = await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: org, body: { ...body, verdict: 'cleared' } });
    expect(cleared.code).toBe(400);
    expect((await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: org, body: { ...body, verdict: 'maybe' } })).msg).toMatch(/cleared/);
    expect((await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: org, body: { ...body, rightSubmitId: sid.copy } })).code).toBe(400);
    expect((await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: org, body: { ...body, rightSubmitId: sid.wrong } })).code).toBe(404);

    const res = await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: org, body });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.decision).toMatchObject({ verdict: 'cheating', exclude: true, reason: body.reason, decidedBy: 'pl_org', decidedByUid: org.uid });
    expect(Math.abs(res.data.decision.decidedAt - Date.now())).toBeLessThan(60_000);
    const listed = (await report(cid, { min: 0.7 })).data.pairs.find((p: { leftSubmitId: number }) => p.leftSubmitId === sid.copy);
    expect(listed.decision.verdict).toBe('cheating');

    // The users see their rows marked, unranked and last; the others are ranked without them.
    const after = await rank(cid, users[1]);
    const marked = after.filter((r) => r.excludedReason);
    expect(marked.map((r) => r.uid).sort()).toEqual([users[0].uid, users[1].uid].sort());
    for (const r of marked) expect(r).toMatchObject({ rank: -1, excludedReason: body.reason });
    expect(after.slice(-2).every((r) => r.excludedReason)).toBe(true);
    const ranked = after.filter((r) => !r.excludedReason);
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.every((r) => r.excludedReason === undefined)).toBe(true);
    expect(Math.min(...ranked.map((r) => r.rank))).toBe(1);

    // Cleared again: back in the rank.
    const undo = await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: root, body: { ...body, verdict: 'cleared', exclude: false, reason: '' } });
    expect(undo.code, undo.msg).toBe(200);
    expect(undo.data.decision).toMatchObject({ verdict: 'cleared', exclude: false, decidedBy: 'pl_root' });
    const back = await rank(cid, users[0]);
    expect(back.some((r) => r.excludedReason)).toBe(false);
    expect(back.find((r) => r.uid === users[0].uid)!.rank).toBeGreaterThan(0);
  });
});

describe('a group contest', () => {
  it('its group roots run and read the check; its admins (author, owner, roots) are not compared as participants', async () => {
    const c: Cast = await cast(t, 'plg');
    const g = await castGroup(t, c);
    const m2 = await user(t, 'plg_member2');
    await seat(t, g.gid, m2, 3);
    const start = Date.now() - 180 * MIN;
    const made = await call(t, 'POST', '/group/contest', { as: c.admin, body: {
      title: 'Group contest', description: 'Weekly', startTime: start, endTime: Date.now() - MIN, type: 0, auth: 0, gid: g.gid,
    } });
    expect(made.code, made.msg).toBe(200);
    const gcid = made.data?.id ?? (await t.ctx.db.selectFrom('contest').select('id').where('gid', '=', g.gid).executeTakeFirstOrThrow()).id;
    const gp = await problem(t, 'PLG1');
    await t.ctx.db.insertInto('contest_problem').values({ cid: gcid, pid: gp, display_id: 'A', display_title: 'G', color: null, gmt_create: Date.now() }).execute();
    const put = async (u: CUser, at: number, code: string) => {
      const id = await judged(t, { cid: gcid, pid: gp, u, at, status: JudgeStatus.ACCEPTED });
      await t.ctx.db.updateTable('submission').set({ code, language: 'C++ 17', length: code.length }).where('id', '=', id).execute();
      return id;
    };
    const mine = await put(c.member, start + 10 * MIN, CPP_ORIG);
    const theirs = await put(m2, start + 20 * MIN, CPP_COPY);
    // The group's owner and root and the contest's author (a group admin) hold the same code: not participants.
    const adminSubs = [await put(c.owner, start + 5 * MIN, CPP_ORIG), await put(c.root, start + 6 * MIN, CPP_COPY), await put(c.admin, start + 7 * MIN, CPP_ORIG)];

    for (const u of [c.member, c.stranger]) {
      expect((await call(t, 'POST', '/admin/contest/plagiarism', { as: u, body: { cid: gcid } })).code, u.username).toBe(403);
      expect((await report(gcid, {}, u)).code, u.username).toBe(403);
    }
    // A group root with no admin-area role starts the check and reads it.
    const started = await call(t, 'POST', '/admin/contest/plagiarism', { as: c.root, body: { cid: gcid } });
    expect(started.code, started.msg).toBe(200);
    expect(started.data.startedBy).toBe('plg_root');
    await runChecks();
    const r = await report(gcid, { min: 0 }, c.root);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.status).toBe('done');
    expect(r.data.pairs.map((p: { leftSubmitId: number; rightSubmitId: number }) => [p.leftSubmitId, p.rightSubmitId])).toEqual([[mine, theirs]]);
    expect(r.data.groups).toEqual([expect.objectContaining({ problem: 'A', language: 'cpp', submissions: 2 })]);
    for (const s of adminSubs) expect(JSON.stringify(r.data.pairs)).not.toContain(`"leftSubmitId":${s},`);
    expect((await call(t, 'GET', '/admin/contest/plagiarism/pair', { as: c.owner, query: { cid: gcid, left: mine, right: theirs } })).code).toBe(200);
    const decided = await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: c.root, body: { cid: gcid, leftSubmitId: mine, rightSubmitId: theirs, verdict: 'cleared' } });
    expect(decided.code, decided.msg).toBe(200);
    expect(decided.data.decision).toMatchObject({ verdict: 'cleared', decidedBy: 'plg_root' });
    expect((await call(t, 'PUT', '/admin/contest/plagiarism/decision', { as: c.member, body: { cid: gcid, leftSubmitId: mine, rightSubmitId: theirs, verdict: 'cleared' } })).code).toBe(403);
  });
});
