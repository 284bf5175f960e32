/** What a section started (servers, browsers, child processes, temp dirs), undone last-in first-out. */
export class CleanupStack {
  #steps: (() => Promise<void> | void)[] = [];

  add(step: () => Promise<void> | void): void {
    this.#steps.push(step);
  }

  async run(): Promise<void> {
    while (this.#steps.length > 0) {
      const step = this.#steps.pop()!;
      try {
        await step();
      } catch (error) {
        console.error(`  cleanup step failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
