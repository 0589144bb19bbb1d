#include <cstdio>
int main() {
  long long n;
  std::scanf("%lld", &n);
  long long lo = 1, hi = n;
  while (lo < hi) {
    long long mid = lo + (hi - lo) / 2;
    std::printf("? %lld\n", mid);
    std::fflush(stdout);
    char r[4];
    std::scanf("%3s", r);
    if (r[0] == '=') { lo = hi = mid; break; }
    if (r[0] == '<') lo = mid + 1; else hi = mid - 1;
  }
  std::printf("! %lld\n", lo);
  std::fflush(stdout);
}
