#include <cstdio>
#include <vector>
int main() {
  int n;
  std::scanf("%d", &n);
  std::vector<char> composite(n + 1, 0);
  int count = 0;
  for (long long i = 2; i <= n; i++) {
    if (composite[i]) continue;
    count++;
    for (long long j = i * i; j <= n; j += i) composite[j] = 1;
  }
  std::printf("%d\n", count);
}
