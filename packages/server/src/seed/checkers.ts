/**
 * Checker and interactor of the demo problems, in C++ without testlib.h.
 * Checker: `checker <input> <user_output> <answer>`; exit 0 Accepted, 1 Wrong Answer, message on stderr.
 * Interactor: `interactor <input> <output> <answer>`; talks to the program on stdin/stdout, same exit codes.
 */
export const AVERAGE_CHECKER = String.raw`#include <cmath>
#include <cstdio>
// Accepts the average within 1e-6, absolute or relative.
int main(int argc, char** argv) {
  if (argc < 4) { std::fprintf(stderr, "FAIL usage: checker input output answer\n"); return 3; }
  FILE* out = std::fopen(argv[2], "r");
  FILE* ans = std::fopen(argv[3], "r");
  if (!out || !ans) { std::fprintf(stderr, "FAIL cannot open files\n"); return 3; }
  double expected, got;
  if (std::fscanf(ans, "%lf", &expected) != 1) { std::fprintf(stderr, "FAIL bad answer file\n"); return 3; }
  if (std::fscanf(out, "%lf", &got) != 1) { std::fprintf(stderr, "wrong answer no number found\n"); return 1; }
  char extra[2];
  if (std::fscanf(out, "%1s", extra) == 1) { std::fprintf(stderr, "wrong answer extra output\n"); return 1; }
  double err = std::fabs(got - expected);
  if (err <= 1e-6 || err <= 1e-6 * std::fabs(expected)) { std::fprintf(stderr, "ok %.9f\n", got); return 0; }
  std::fprintf(stderr, "wrong answer expected %.9f, found %.9f\n", expected, got);
  return 1;
}
`;

export const GUESS_INTERACTOR = String.raw`#include <cstdio>
#include <cstring>
// Hidden number x in [1, n]; the program asks "? y" and hears "<", ">" or "=", then answers "! x".
int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "FAIL usage: interactor input [output answer]\n"); return 3; }
  FILE* in = std::fopen(argv[1], "r");
  long long n, x;
  if (!in || std::fscanf(in, "%lld %lld", &n, &x) != 2) { std::fprintf(stderr, "FAIL bad input\n"); return 3; }
  std::printf("%lld\n", n);
  std::fflush(stdout);
  for (int asked = 0;; ++asked) {
    char op[4];
    long long y;
    if (std::scanf("%3s %lld", op, &y) != 2) { std::fprintf(stderr, "wrong answer unexpected end of output\n"); return 1; }
    if (std::strcmp(op, "!") == 0) {
      if (y == x) { std::fprintf(stderr, "ok found %lld in %d queries\n", x, asked); return 0; }
      std::fprintf(stderr, "wrong answer expected %lld, found %lld\n", x, y);
      return 1;
    }
    if (std::strcmp(op, "?") != 0) { std::fprintf(stderr, "wrong answer unknown command %s\n", op); return 1; }
    if (asked >= 40) { std::fprintf(stderr, "wrong answer more than 40 queries\n"); return 1; }
    std::printf("%s\n", y < x ? "<" : y > x ? ">" : "=");
    std::fflush(stdout);
  }
}
`;
