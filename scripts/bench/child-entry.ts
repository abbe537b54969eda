/** The shared body of the benchmark children that take `<dataDir> <runId>` and print one JSON line. */
export function runChild(name: string, measure: (dataDir: string, runId: string) => Promise<unknown>): void {
  const [dataDir, runId] = process.argv.slice(2);
  if (dataDir === undefined || runId === undefined) {
    console.error(`usage: ${name} <dataDir> <runId>`);
    process.exit(2);
  }
  measure(dataDir, runId).then(
    (timing) => console.log(JSON.stringify(timing)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
