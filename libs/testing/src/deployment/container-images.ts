/**
 * The third-party images the deployment files run, each at the exact release compose pins, with what that
 * release really contains: its entrypoint, the programs on its PATH a health check may call, where it keeps
 * its data and what it serves over HTTP. Read from each release's Dockerfile (repository and folder named in
 * `source`), since no container engine runs where the tests do. Changing a tag in docker/compose.yaml means
 * changing it here too, after reading that release's Dockerfile again: the tests fail until both agree.
 */
export interface ContainerImage {
  /** The image's repository on Docker Hub (official images without `library/`). */
  repository: string;
  /** The exact release this entry describes. */
  tag: string;
  /** What an exact release tag of this image looks like; a major or minor line (`18`, `8.0`) does not match. */
  release: RegExp;
  /** Where the facts below were read. */
  source: string;
  entrypoint: string[];
  /** Programs on the image's PATH (shell included when there is one). */
  tools: string[];
  /** Folders the server keeps its data in, given the service's command: where a volume must be mounted. */
  dataPaths: (command: string[]) => string[];
  /** Ports and paths the server answers over HTTP inside the container, given the service's command. */
  http?: (command: string[]) => { port: number; paths: string[] };
}

/** The value of `--name value` (or `--name=value`) in an argument list, if given. */
export function flagValue(args: string[], name: string): string | undefined {
  const at = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
}

const debianShell = ['sh', 'bash'];

export const CONTAINER_IMAGES: ContainerImage[] = [
  {
    repository: 'postgres',
    tag: '18.6',
    // PostgreSQL releases are major.minor since 10.
    release: /^\d+\.\d+$/,
    source: 'docker-library/postgres 18/trixie/Dockerfile (PATH adds /usr/lib/postgresql/18/bin)',
    entrypoint: ['docker-entrypoint.sh'],
    tools: [...debianShell, 'postgres', 'pg_isready', 'psql', 'pg_ctl', 'initdb'],
    // From 18 on PGDATA is /var/lib/postgresql/18/docker and the declared VOLUME is /var/lib/postgresql.
    dataPaths: () => ['/var/lib/postgresql'],
  },
  {
    repository: 'mongo',
    tag: '8.0.29',
    release: /^\d+\.\d+\.\d+$/,
    source: 'docker-library/mongo 8.0/Dockerfile (Ubuntu noble; mongodb-org, -server, -shell, -mongos, -tools)',
    entrypoint: ['docker-entrypoint.sh'],
    tools: [...debianShell, 'mongod', 'mongos', 'mongosh', 'mongodump', 'mongorestore'],
    dataPaths: () => ['/data/db', '/data/configdb'],
  },
  {
    repository: 'rabbitmq',
    tag: '4.3.5',
    release: /^\d+\.\d+\.\d+$/,
    source: 'docker-library/rabbitmq 4.3/ubuntu/Dockerfile (PATH adds /opt/rabbitmq/sbin; 10-defaults.conf lets guest in from the network)',
    entrypoint: ['docker-entrypoint.sh'],
    tools: [...debianShell, 'rabbitmq-server', 'rabbitmqctl', 'rabbitmq-diagnostics', 'rabbitmq-plugins', 'rabbitmq-queues'],
    dataPaths: () => ['/var/lib/rabbitmq'],
    // rabbitmq_prometheus is enabled in the image; the management plugin only in the -management tags.
    http: () => ({ port: 15692, paths: ['/metrics'] }),
  },
  {
    repository: 'redis',
    tag: '8.10.1',
    release: /^\d+\.\d+\.\d+$/,
    source: 'redis/docker-library-redis debian/Dockerfile (Debian trixie-slim; make install puts redis-* in /usr/local/bin)',
    entrypoint: ['docker-entrypoint.sh'],
    tools: [...debianShell, 'redis-server', 'redis-cli', 'redis-benchmark', 'redis-check-aof', 'redis-check-rdb'],
    dataPaths: () => ['/data'],
  },
  {
    repository: 'versity/versitygw',
    tag: 'v1.8.0',
    release: /^v\d+\.\d+\.\d+$/,
    source:
      'versity/versitygw v1.8.0 Dockerfile and docker-entrypoint.sh (alpine: busybox sh and wget; the entrypoint runs ' +
      'versitygw with the arguments given) and cmd/versitygw/main.go (--port, default :7070; --health, GET only)',
    entrypoint: ['/usr/local/bin/docker-entrypoint.sh'],
    tools: ['sh', 'wget', 'nc', 'versitygw'],
    // `posix [--sidecar DIR] ROOT`: the gateway's root folder and, when given, the metadata sidecar folder.
    dataPaths: (command) => {
      const backend = command.slice(command.indexOf('posix') + 1);
      const sidecar = flagValue(backend, 'sidecar');
      return [backend[backend.length - 1], ...(sidecar ? [sidecar] : [])];
    },
    http: (command) => {
      const listen = flagValue(command, 'port') ?? ':7070';
      const health = flagValue(command, 'health');
      return { port: Number(listen.slice(listen.lastIndexOf(':') + 1)), paths: health ? [health] : [] };
    },
  },
  {
    repository: 'caddy',
    tag: '2.11.4',
    release: /^\d+\.\d+\.\d+$/,
    source:
      'caddyserver/caddy-docker 2.11/alpine/Dockerfile (alpine 3.24 with curl; CADDY_VERSION v2.11.4 in /usr/bin/caddy; ' +
      'XDG_DATA_HOME=/data, XDG_CONFIG_HOME=/config; CMD caddy run --config /etc/caddy/Caddyfile)',
    entrypoint: [],
    tools: ['sh', 'wget', 'nc', 'curl', 'caddy'],
    // The local certificate authority and the certificates live under XDG_DATA_HOME; autosaved config under /config.
    dataPaths: () => ['/data', '/config'],
  },
];

/** The table's entry for an image reference such as `postgres:18.6`, if the table has its repository. */
export function containerImage(reference: string, table: ContainerImage[] = CONTAINER_IMAGES): ContainerImage | undefined {
  const repository = reference.split('@')[0].replace(/:[^/:]*$/, '');
  return table.find((image) => image.repository === repository);
}
