#include <cstdio>
int main() {
  int n;
  std::scanf("%d", &n);
  long long s = 0;
  for (int i = 0; i < n; i++) { long long x; std::scanf("%lld", &x); s += x; }
  std::printf("%lld\n", s);
}
