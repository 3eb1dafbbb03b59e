import { jsonLines, runEntryPoint } from './entry-point';

export interface StartUpCase {
  /** The app's entry point, from the workspace root. */
  entry: string;
  /** Variables the app requires: with none set, the one fatal line must name each. */
  required: string[];
  /** A complete environment whose named dependency does not answer. */
  dependencyDown: { env: Record<string, string>; message: RegExp };
  /** Secrets the app refuses when weak outside development (libs/runtime refuseWeakSecrets), tried in that environment. */
  secrets?: string[];
}

/**
 * How long one start of an entry point may take before it is killed as hung. Loading an app is about 2,000 modules and
 * 2 s of CPU (1.7 s to 3.5 s measured, more with tracing on); on two cores shared with a loaded test run that took
 * 13 to 14 s of wall time before the app's first line (load average 9), and more than 20 s in CI. So the wall time of a
 * whole run is not what these cases judge: the app's own wait, from its first line to its last, is (see below).
 */
export const START_DEADLINE_MS = 60_000;

/** A case's Jest timeout: its starts, each within START_DEADLINE_MS, and the assertions after them. */
const forStarts = (starts: number) => starts * START_DEADLINE_MS + 10_000;

/** The placeholder the weak-secret case sets: long enough for every length rule, refused by the placeholder rule. */
const PLACEHOLDER_SECRET = 'change-me-to-at-least-32-random-characters';

/**
 * The start-up contract every app keeps, run against the real entry point in its own process: a missing
 * or bad setting, or a dependency that is down, ends the process with exit code 1 and one clear fatal
 * line, every line JSON, no hang.
 */
export function describeStartUp(app: StartUpCase): void {
  describe(`${app.entry} start-up`, () => {
    it(
      'stops with one JSON line naming each missing variable, exit code 1',
      async () => {
        const run = await runEntryPoint(app.entry, {}, START_DEADLINE_MS);
        expect(run.code).toBe(1);
        const lines = jsonLines(run);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ level: 60, msg: expect.stringMatching(/^Invalid configuration: /) });
        for (const variable of app.required) expect(lines[0].msg).toContain(`${variable} is missing`);
      },
      forStarts(1),
    );

    // Apps that name no secret of their own to try (the workers: their AI key only with a real provider) have no such case.
    const secrets = app.secrets ?? [];
    if (secrets.length)
      it.each(secrets)(
        'refuses to start with a placeholder %s unless NODE_ENV is development',
        async (secret) => {
          const weak = { ...app.dependencyDown.env, [secret]: PLACEHOLDER_SECRET };
          const run = await runEntryPoint(app.entry, weak, START_DEADLINE_MS);
          expect(run.code).toBe(1);
          const lines = jsonLines(run);
          expect(lines).toHaveLength(1);
          expect(lines[0]).toMatchObject({
            level: 60,
            msg: expect.stringMatching(new RegExp(`^Invalid configuration: ${secret} is invalid \\(a known placeholder`)),
          });
          expect(run.lines.join('\n')).not.toContain(PLACEHOLDER_SECRET);
          // Declared development, the same secret passes the configuration, and the start goes on to its dependency.
          const development = await runEntryPoint(app.entry, { ...weak, NODE_ENV: 'development' }, START_DEADLINE_MS);
          expect(jsonLines(development).find((l) => l.level === 60)?.msg).toMatch(app.dependencyDown.message);
        },
        forStarts(2),
      );

    // No hang and no retry loop: from its first line (Nest starting, its code loaded) to the fatal one, the app waits
    // only its dependency's own timeout (5 s for MongoDB, a refused connection at once for PostgreSQL).
    it(
      'stops with a clear fatal line, exit code 1, when its dependency is down',
      async () => {
        const run = await runEntryPoint(app.entry, app.dependencyDown.env, START_DEADLINE_MS);
        expect(run.code).toBe(1);
        const lines = jsonLines(run);
        expect(lines.filter((l) => 'notJson' in l)).toEqual([]);
        const fatal = lines.find((l) => l.level === 60);
        expect(fatal?.msg).toMatch(app.dependencyDown.message);
        const starting = lines.find((l) => l.msg === 'Starting Nest application...');
        expect(starting).toBeDefined();
        expect(Number(fatal!.time) - Number(starting!.time)).toBeLessThan(15_000);
      },
      forStarts(1),
    );
  });
}
