#include <algorithm>
#include <cstdio>
#include <vector>
int main() {
  int n;
  std::scanf("%d", &n);
  std::vector<long long> a(n);
  for (auto& x : a) std::scanf("%lld", &x);
  std::sort(a.begin(), a.end());
  for (int i = 0; i < n; i++) std::printf("%lld%c", a[i], i + 1 == n ? '\n' : ' ');
}
