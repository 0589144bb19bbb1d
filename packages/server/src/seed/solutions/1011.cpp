#include <cstdio>
#include <functional>
#include <queue>
#include <utility>
#include <vector>
int main() {
  int n, m;
  std::scanf("%d %d", &n, &m);
  std::vector<std::vector<std::pair<int, long long>>> adj(n + 1);
  for (int i = 0; i < m; i++) {
    int u, v; long long w;
    std::scanf("%d %d %lld", &u, &v, &w);
    adj[u].push_back({v, w});
  }
  const long long INF = (long long)4e18;
  std::vector<long long> dist(n + 1, INF);
  std::priority_queue<std::pair<long long, int>, std::vector<std::pair<long long, int>>, std::greater<>> pq;
  dist[1] = 0;
  pq.push({0, 1});
  while (!pq.empty()) {
    auto [d, u] = pq.top();
    pq.pop();
    if (d > dist[u]) continue;
    for (auto [v, w] : adj[u]) if (d + w < dist[v]) { dist[v] = d + w; pq.push({dist[v], v}); }
  }
  std::printf("%lld\n", dist[n] == INF ? -1LL : dist[n]);
}
