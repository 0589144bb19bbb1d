#include <cstdio>
int main() {
  std::FILE* in = std::fopen("max.in", "r");
  std::FILE* out = std::fopen("max.out", "w");
  int n;
  std::fscanf(in, "%d", &n);
  long long best = 0;
  for (int i = 0; i < n; i++) {
    long long x;
    std::fscanf(in, "%lld", &x);
    if (i == 0 || x > best) best = x;
  }
  std::fprintf(out, "%lld\n", best);
  std::fclose(out);
}
