#include <cstdio>
long long gcd(long long a, long long b) { return b ? gcd(b, a % b) : a; }
int main() {
  int t;
  std::scanf("%d", &t);
  while (t--) {
    long long a, b;
    std::scanf("%lld %lld", &a, &b);
    long long g = gcd(a, b);
    std::printf("%lld %lld\n", g, a / g * b);
  }
}
