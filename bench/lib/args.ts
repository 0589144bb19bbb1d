/** The bench's command line: `--name N` numbers and bare words (`postgres`, `--fresh`). */
export const argv = process.argv.slice(2);

/** The number after `--name`, or `dflt`. */
export const opt = (name: string, dflt: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
