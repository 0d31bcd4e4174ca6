/** Prints `title`, then `rows` as columns under `header`, padded to the widest cell. */
export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((name, column) =>
    Math.max(name.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  process.stdout.write(
    [
      `\n${title}\n`,
      format(header),
      format(widths.map((width) => '-'.repeat(width))),
      ...rows.map(format),
      '',
    ].join('\n'),
  );
}

/** Milliseconds with one decimal, as every latency column shows them. */
export function ms(value: number): string {
  return value.toFixed(1);
}

/** Runs a benchmark's main function; a failure prints its stack and exits with 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
