/**
 * ICPC/Kattis output validators speak another convention than our checkers: they are called
 * `validator input answer feedback_dir` with the team's output on stdin (interactive: connected to
 * the team's program) and exit 42 to accept, 43 to reject, writing comments to
 * `feedback_dir/judgemessage.txt`. We call `checker input user_output answer` (interactor:
 * `interactor input output answer` on the pipes) and read testlib's exit codes (0 AC, 1 WA, 3 fail).
 *
 * A C/C++ validator is kept unchanged as a judge extra file and compiled inside this small
 * adapter, which renames its `main`, runs it in a child process with the arguments and stdin it
 * expects, and turns its exit code and judge message into ours.
 */
export const ICPC_VALIDATOR_FILE = 'icpc_output_validator.cpp';

/** `flags`: problem.yaml's validator_flags, passed after the feedback folder as the format says. */
export function icpcValidatorAdapter(interactive: boolean, flags: string[] = []): string {
  const extra = flags.map((f) => `(char *)${JSON.stringify(f)}, `).join('');
  return `// Adapter: ICPC output validator (${ICPC_VALIDATOR_FILE}) run as a Verdict ${interactive ? 'interactor' : 'checker'}.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#define main icpc_validator_main
#include "${ICPC_VALIDATOR_FILE}"
#undef main

int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "FAIL adapter called with %d arguments\\n", argc - 1); return 3; }
  char dir[] = "/tmp/feedbackXXXXXX";
  if (!mkdtemp(dir)) { fprintf(stderr, "FAIL no feedback directory\\n"); return 3; }
  std::string feedback = std::string(dir) + "/";
  fflush(NULL);
  pid_t child = fork();
  if (child < 0) { fprintf(stderr, "FAIL fork\\n"); return 3; }
  if (child == 0) {
    ${interactive ? '// Interactive: stdin and stdout already are the pipes to the program.' : 'if (!freopen(argv[2], "r", stdin)) _exit(3);'}
    std::vector<char *> args = {argv[0], argv[1], argv[3], &feedback[0], ${extra}nullptr};
    exit(icpc_validator_main((int)args.size() - 1, args.data()));
  }
  int status = 0;
  waitpid(child, &status, 0);
  if (FILE *msg = fopen((feedback + "judgemessage.txt").c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, msg)) > 0) fwrite(buf, 1, n, stderr);
    fclose(msg);
  }
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code == 42) return 0;
  if (code == 43) return 1;
  fprintf(stderr, "\\nFAIL output validator exited with %d\\n", code);
  return 3;
}
`;
}
