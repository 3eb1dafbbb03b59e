import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { workspaceRoot } from '../workspace';

/** The variables a config schema cannot do without: those an empty environment is refused for. */
export function requiredVariables(schema: z.ZodObject): string[] {
  const result = schema.safeParse({});
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
}

export interface DeploymentCase {
  app: string;
  /** The app's environment schema: the variables it reads. */
  env: z.ZodObject;
  probes: { liveness: string; readiness: string };
  /** The migrate entry point's source, for apps with a database schema. */
  migrateEntry?: string;
}

/** Checks k8s/base/<app>.yaml and the compose service against what the app really reads and serves. */
export function describeDeployment({ app, env, probes, migrateEntry }: DeploymentCase): void {
  const variables = Object.keys(env.shape);

  describe(`docker/compose.yaml service ${app}`, () => {
    const compose = parse(readFileSync(join(workspaceRoot, 'docker', 'compose.yaml'), 'utf8'), { merge: true });
    const service = compose.services[app];

    it('builds the app from the shared Dockerfile', () => {
      expect(service.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', args: { APP: app } });
    });

    it('sets every variable the app requires, and none it does not read', () => {
      const given = Object.keys(service.environment);
      expect(given).toEqual(expect.arrayContaining(requiredVariables(env)));
      expect(given.filter((name) => !variables.includes(name))).toEqual([]);
    });
  });

  describe(`k8s/base/${app}.yaml`, () => {
    const docs = parseAllDocuments(readFileSync(join(workspaceRoot, 'k8s', 'base', `${app}.yaml`), 'utf8')).map((d) => d.toJS());
    const pod = docs.find((d) => d.kind === 'Deployment').spec.template.spec;
    const container = pod.containers[0];

    it('passes exactly the variables the app reads', () => {
      expect(container.env.map((e: { name: string }) => e.name).sort()).toEqual([...variables].sort());
    });

    it('probes the app health endpoints', () => {
      expect(container.livenessProbe.httpGet.path).toBe(probes.liveness);
      expect(container.readinessProbe.httpGet.path).toBe(probes.readiness);
    });

    it(migrateEntry ? 'migrates the schema in an init container, with the database settings' : 'has no database migration step', () => {
      if (!migrateEntry) {
        expect(pod.initContainers).toBeUndefined();
        return;
      }
      expect(existsSync(join(workspaceRoot, migrateEntry))).toBe(true);
      const [init] = pod.initContainers;
      const built = `dist/apps/${app}/${migrateEntry.replace(/\.ts$/, '.js')}`;
      expect(init.command).toEqual(['node', built]);
      expect(init.env.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['DATABASE_URL']));
    });
  });
}
