#include <cstdio>
#include <vector>
int main() {
  int n, W;
  std::scanf("%d %d", &n, &W);
  std::vector<long long> dp(W + 1, 0);
  for (int i = 0; i < n; i++) {
    int w; long long v;
    std::scanf("%d %lld", &w, &v);
    for (int c = W; c >= w; c--) if (dp[c - w] + v > dp[c]) dp[c] = dp[c - w] + v;
  }
  std::printf("%lld\n", dp[W]);
}
