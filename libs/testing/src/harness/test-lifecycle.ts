import type { ChildProcess } from 'node:child_process';

/** Something a test file started that must not outlive it: a TestScope, a child process. */
export interface Teardown {
  what: string;
  /** Ends it; bounded by the caller. Failures come back as the rejection's message. */
  end(): Promise<unknown>;
}

interface PendingStep {
  label: string;
  since: number;
}

/** How long the file's environment waits for one teardown after a test timed out, or at the end of the file. */
export const TEARDOWN_BOUND_MS = 60_000;

/**
 * What a test file has open, kept per file (each file has a module registry and a global of its own) so that the
 * file's test environment (libs/testing/src/harness/jest-environment.ts) can end it when the file's own code cannot: after a
 * test timed out, its body stops where it was and its `finally` never runs; after a beforeAll timed out, afterAll
 * finds nothing to close. Then whatever the failed test started is ended when the test is done (processes first,
 * then scopes), and anything still open is ended when the file is done. A test that passed keeps what it started
 * (later tests may use it) until the file is done.
 */
class TestLifecycle {
  private inTest = false;
  private readonly ofTest = new Set<Teardown>();
  private readonly ofFile = new Set<Teardown>();
  private readonly steps = new Set<PendingStep>();

  /** Registers `teardown`; answers the function that forgets it once it has ended by itself. */
  opened(teardown: Teardown): () => void {
    const set = this.inTest ? this.ofTest : this.ofFile;
    set.add(teardown);
    return () => {
      this.ofTest.delete(teardown);
      this.ofFile.delete(teardown);
    };
  }

  async step<T>(label: string, work: PromiseLike<T> | (() => PromiseLike<T>)): Promise<T> {
    const pending = { label, since: Date.now() };
    this.steps.add(pending);
    try {
      return await (typeof work === 'function' ? work() : work);
    } finally {
      this.steps.delete(pending);
    }
  }

  /** Called by the environment when a test's function starts and when it ends (passed, failed or timed out). */
  testFunction(running: boolean): void {
    this.inTest = running;
  }

  /**
   * A test is done. When it failed: the steps it left pending are named, and what it started is ended. Answers the
   * problems to add to the test's errors.
   */
  async testDone(failed: boolean): Promise<string[]> {
    const started = [...this.ofTest];
    this.ofTest.clear();
    if (!failed) {
      for (const teardown of started) this.ofFile.add(teardown);
      this.steps.clear();
      return [];
    }
    const now = Date.now();
    const problems = [...this.steps].map((s) => `still pending when the test ended: ${s.label} (for ${now - s.since} ms)`);
    this.steps.clear();
    return [...problems, ...(await endAll(started))];
  }

  /** The file is done: everything still open is ended. */
  async fileDone(): Promise<string[]> {
    const open = [...this.ofTest, ...this.ofFile];
    this.ofTest.clear();
    this.ofFile.clear();
    return endAll(open);
  }
}

/** Processes before scopes (a process still running would recreate what a scope removes), each bounded. */
async function endAll(teardowns: Teardown[]): Promise<string[]> {
  const ordered = [...teardowns.filter((t) => t.what.startsWith('process ')), ...teardowns.filter((t) => !t.what.startsWith('process '))];
  const problems: string[] = [];
  for (const teardown of ordered) {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, TEARDOWN_BOUND_MS, 'late')));
    try {
      if ((await Promise.race([teardown.end(), bound])) === 'late')
        problems.push(`${teardown.what} did not end within ${TEARDOWN_BOUND_MS} ms`);
    } catch (error) {
      problems.push(`ending ${teardown.what} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }
  return problems;
}

const KEY = '__platformTestLifecycle';

/** Set on a test file's global by libs/testing's Jest environment: code runs under a test, not a bench or a script. */
export const TEST_ENVIRONMENT_KEY = '__platformTestEnvironment';

/** Whether this runs in a test file under libs/testing's Jest environment. */
export function inTestEnvironment(): boolean {
  return (globalThis as unknown as Record<string, unknown>)[TEST_ENVIRONMENT_KEY] === true;
}

/** The lifecycle of the test file running here (one per file: each has a global of its own). */
export function testLifecycle(): TestLifecycle {
  const holder = globalThis as unknown as Record<string, TestLifecycle | undefined>;
  return (holder[KEY] ??= new TestLifecycle());
}

/**
 * Runs one step of a test under a label. A test that fails (a timeout, say) while the step is still under way names
 * it in its errors: `still pending when the test ended: <label> (for N ms)`, so a timeout says which await never ended.
 */
export function step<T>(label: string, work: PromiseLike<T> | (() => PromiseLike<T>)): Promise<T> {
  return testLifecycle().step(label, work);
}

/** A child process the file started: killed (SIGKILL) if it is still running when its test failed or the file is done. */
export function trackProcess(what: string, child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const forget = testLifecycle().opened({
    what: `process ${what} (pid ${child.pid})`,
    end: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  });
  child.once('exit', forget);
}
