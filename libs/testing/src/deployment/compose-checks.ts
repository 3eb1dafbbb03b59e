import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CONTAINER_IMAGES, type ContainerImage, containerImage } from './container-images';
import { workspaceRoot } from '../workspace';

/** One compose service, as far as these checks read it. */
export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: Array<string | { type?: string; source?: string; target: string }>;
  depends_on?: string[] | Record<string, { condition?: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** docker/compose.yaml as Compose reads it: anchors and `<<` merge keys resolved. */
export function readComposeFile(): ComposeFile {
  return parse(readFileSync(join(workspaceRoot, 'docker', 'compose.yaml'), 'utf8'), { merge: true });
}

const argv = (command: string | string[] | undefined) => (typeof command === 'string' ? command.split(/\s+/) : (command ?? []));

/** Services that run a third-party image (the platform's own are built from docker/Dockerfile). */
export const thirdPartyServices = (compose: ComposeFile) => Object.entries(compose.services).filter(([, service]) => !service.build);

/**
 * What is wrong with a third-party image reference, if anything: it must be in the image table and pinned to the
 * exact release the table describes (a digest may follow the tag). Compose and Kubernetes objects alike.
 */
export function imagePinProblem(reference: string, table: ContainerImage[] = CONTAINER_IMAGES): string | undefined {
  const known = containerImage(reference, table);
  if (!known) return `${reference} is not in the image table (libs/testing/src/deployment/container-images.ts)`;
  const tag = /^[^@]*:([^:@/]+)(@sha256:[0-9a-f]{64})?$/.exec(reference)?.[1];
  if (!tag || !known.release.test(tag)) return `${reference} is not pinned to an exact release`;
  if (tag !== known.tag) return `${reference} is not the release the table describes (${known.tag})`;
  return undefined;
}

/** Every third-party image of the compose file is pinned (imagePinProblem); every table entry is used. */
export function imagePinProblems(compose: ComposeFile, table: ContainerImage[] = CONTAINER_IMAGES): string[] {
  const services = thirdPartyServices(compose);
  const problems = services.flatMap(([name, { image }]) => {
    const problem = image ? imagePinProblem(image, table) : 'no image';
    return problem ? [`${name}: ${problem}`] : [];
  });
  const unused = table.filter((entry) => !services.some(([, { image }]) => image && containerImage(image, table) === entry));
  return [...problems, ...unused.map((entry) => `the image table lists ${entry.repository}, which no service runs`)];
}

/** The commands a health check runs: `CMD` execs its arguments, `CMD-SHELL` (or a plain string) runs sh -c. */
export function healthCheckCommands(test: string | string[]): { shell: boolean; commands: string[][] } {
  const [kind, ...rest] = typeof test === 'string' ? ['CMD-SHELL', test] : test;
  if (kind === 'NONE') return { shell: false, commands: [] };
  if (kind === 'CMD') return { shell: false, commands: [rest] };
  // A shell line: each command of a list or pipeline starts with the program it runs.
  const commands = rest
    .join(' ')
    .split(/&&|\|\||;|\|/)
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return { shell: true, commands };
}

/** Commands sh runs itself, in a shell health check. */
const SHELL_BUILTINS = ['[', 'cd', 'echo', 'exit', 'false', 'test', 'true'];

/**
 * What a service's health check calls exists in its image: each program is on the image's PATH (and `sh` for a
 * shell check), and a URL it fetches is a local port and path the server answers. Returns the problems.
 */
export function healthCheckProblems(name: string, service: ComposeService, image: ContainerImage): string[] {
  const test = service.healthcheck?.test;
  if (!test) return [`${name}: no health check`];
  const { shell, commands } = healthCheckCommands(test);
  const problems: string[] = [];
  if (commands.length === 0) problems.push(`${name}: the health check runs nothing`);
  if (shell && !image.tools.includes('sh')) problems.push(`${name}: a shell health check, but ${image.repository} has no sh`);
  for (const [program, ...args] of commands) {
    if (!image.tools.includes(program) && !(shell && SHELL_BUILTINS.includes(program)))
      problems.push(`${name}: the health check calls ${program}, which ${image.repository} does not contain`);
    for (const arg of args.filter((a) => /^https?:\/\//.test(a))) {
      const url = new URL(arg);
      const served = image.http?.(argv(service.command));
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
        problems.push(`${name}: the health check fetches ${arg}, not this container`);
      else if (!served || served.port !== port || !served.paths.includes(url.pathname))
        problems.push(`${name}: the health check fetches ${arg}, which ${image.repository} does not serve`);
    }
  }
  return problems;
}

/** Every named volume a third-party service mounts is a folder its server keeps data in. Returns the problems. */
export function volumeProblems(name: string, service: ComposeService, image: ContainerImage): string[] {
  const dataPaths = image.dataPaths(argv(service.command));
  return (service.volumes ?? [])
    .map((volume) => (typeof volume === 'string' ? { source: volume.split(':')[0], target: volume.split(':')[1] } : volume))
    .filter(({ source }) => source && !/^[./~]/.test(source))
    .filter(({ target }) => !dataPaths.includes(target))
    .map(
      ({ source, target }) =>
        `${name}: volume ${source} is mounted at ${target}, where ${image.repository} keeps no data (${dataPaths.join(', ')})`,
    );
}

/** Services others wait for with `condition: service_healthy` must have a health check. Returns the problems. */
export function awaitedHealthProblems(compose: ComposeFile): string[] {
  const awaited = new Set(
    Object.values(compose.services).flatMap(({ depends_on }) =>
      depends_on && !Array.isArray(depends_on)
        ? Object.entries(depends_on)
            .filter(([, { condition }]) => condition === 'service_healthy')
            .map(([name]) => name)
        : [],
    ),
  );
  return [...awaited]
    .filter((name) => !compose.services[name]?.healthcheck?.test)
    .map((name) => `${name} is awaited healthy but has no health check`);
}
