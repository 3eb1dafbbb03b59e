import { TestEnvironment } from 'jest-environment-node';

/** The parts of jest-circus's events and state used here. */
interface CircusEvent {
  name: string;
  test?: { errors: unknown[] };
}
interface CircusState {
  unhandledErrors: unknown[];
}

/** What libs/testing/src/harness/test-lifecycle.ts keeps on the test file's global. */
interface Lifecycle {
  testFunction(running: boolean): void;
  testDone(failed: boolean): Promise<string[]>;
  fileDone(): Promise<string[]>;
}

/**
 * Node's test environment, plus the teardown a test file's own code cannot do (test-lifecycle.ts): when a test
 * fails (a timeout, say) it names the steps left pending and ends what the test started; when the file is done, after
 * its last afterAll, it ends whatever is still open. Its problems fail the test, or the file.
 */
export default class PlatformTestEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    // What test-lifecycle.ts's inTestEnvironment reads (the name is TEST_ENVIRONMENT_KEY there).
    (this.global as unknown as Record<string, unknown>).__platformTestEnvironment = true;
  }

  private lifecycle(): Lifecycle | undefined {
    return (this.global as unknown as { __platformTestLifecycle?: Lifecycle }).__platformTestLifecycle;
  }

  async handleTestEvent(event: CircusEvent, state: CircusState): Promise<void> {
    switch (event.name) {
      case 'test_fn_start':
        this.lifecycle()?.testFunction(true);
        break;
      case 'test_fn_success':
      case 'test_fn_failure':
        this.lifecycle()?.testFunction(false);
        break;
      case 'test_done': {
        const errors = event.test?.errors ?? [];
        const problems = (await this.lifecycle()?.testDone(errors.length > 0)) ?? [];
        for (const problem of problems) errors.push(new Error(problem));
        break;
      }
      case 'run_finish': {
        const problems = (await this.lifecycle()?.fileDone()) ?? [];
        if (problems.length) state.unhandledErrors.push(new Error(`teardown after the file's own hooks:\n- ${problems.join('\n- ')}`));
        break;
      }
    }
  }
}
