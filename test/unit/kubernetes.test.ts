/**
 * No cluster runs here, so deploy/kubernetes is checked by parsing, as the compose file is
 * (docker.test.ts). Each folder is rendered the way kustomize renders what these folders use
 * (resources, namespace, images, JSON patches that append), and what it renders is held
 * against the Dockerfile (image, port, health check, user, state volume) and the CLI (the
 * command, the ports it listens on, the environment it reads). Where kubectl is installed,
 * its own rendering must be the same.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/index.js';
import { resolveOptions } from '../../src/config.js';
import { loadHosts, surfaceByPort } from '../../src/hosts.js';
import { openSandbox } from '../support/sandbox.js';
import { ROOT } from '../support/spawn.js';

const DEPLOY = join(ROOT, 'deploy/kubernetes');
const FOLDERS = ['.', 'port-per-host'];

// ---- the objects these manifests use, as far as the checks read them

interface Meta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Meta;
  spec?: unknown;
}
interface Probe {
  httpGet: { path: string; port: string | number; httpHeaders?: { name: string; value: string }[] };
  periodSeconds?: number;
  timeoutSeconds?: number;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports: { name: string; containerPort: number }[];
  env?: EnvVar[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
  volumeMounts: { name: string; mountPath: string }[];
}
interface PodSpec {
  securityContext: { runAsNonRoot?: boolean; runAsUser: number; runAsGroup: number; fsGroup?: number };
  containers: Container[];
  volumes: { name: string; persistentVolumeClaim?: { claimName: string }; emptyDir?: unknown }[];
}
interface Deployment extends K8sObject {
  spec: {
    replicas: number;
    strategy: { type: string };
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}
interface Service extends K8sObject {
  spec: { selector: Record<string, string>; ports: { name: string; port: number; targetPort: string | number }[] };
}
interface Kustomization {
  namespace?: string;
  resources?: string[];
  patches?: { path: string; target: { kind: string; name: string } }[];
  images?: { name: string; newName?: string; newTag?: string }[];
}

// ---- rendering: what kustomize does with these folders

function kustomization(dir: string): Kustomization {
  return parseYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
}

function documents(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    return doc.toJS() as unknown;
  });
}

/** RFC 6902 `add` at a path into the object's lists and maps (`-` appends); anything else is refused. */
function applyPatch(target: K8sObject, operations: { op: string; path: string; value: unknown }[]): void {
  for (const { op, path, value } of operations) {
    if (op !== 'add') throw new Error(`the test renders only 'add' operations, not '${op}'`);
    const keys = path.split('/').slice(1);
    const last = keys.pop()!;
    let node: unknown = target;
    for (const key of keys) node = (node as Record<string, unknown>)[key];
    if (Array.isArray(node)) {
      if (last === '-') node.push(value);
      else node.splice(Number(last), 0, value);
    } else if (node !== null && typeof node === 'object') (node as Record<string, unknown>)[last] = value;
    else throw new Error(`${path}: no list or map at its parent`);
  }
}

function render(dir: string): K8sObject[] {
  const k = kustomization(dir);
  const objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    if (statSync(path).isDirectory()) objects.push(...render(path));
    else objects.push(...(documents(path) as K8sObject[]));
  }
  for (const patch of k.patches ?? []) {
    const matches = objects.filter((o) => o.kind === patch.target.kind && o.metadata.name === patch.target.name);
    expect(matches, `${patch.path}: its target`).toHaveLength(1);
    applyPatch(matches[0]!, documents(join(dir, patch.path))[0] as never);
  }
  if (k.namespace) {
    for (const o of objects) {
      if (o.kind === 'Namespace') o.metadata.name = k.namespace;
      else o.metadata.namespace = k.namespace;
    }
  }
  for (const image of k.images ?? []) {
    for (const c of objects.filter((o): o is Deployment => o.kind === 'Deployment').flatMap((d) => d.spec.template.spec.containers)) {
      if (c.image === image.name) c.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
    }
  }
  return objects;
}

function only<T extends K8sObject>(objects: K8sObject[], kind: string): T {
  const found = objects.filter((o) => o.kind === kind);
  expect(found, `one ${kind}`).toHaveLength(1);
  return found[0] as T;
}

// ---- the Dockerfile's facts

const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const stages = dockerfile.split(/^(?=FROM )/m).filter((s) => s.startsWith('FROM '));
const runtime = stages.at(-1)!;
const jsonInstruction = (name: string): string[] => JSON.parse(new RegExp(`^${name} (\\[.*\\])$`, 'm').exec(runtime)![1]!) as string[];
const cmd = jsonInstruction('CMD');
const exposed = /^EXPOSE (.*)$/m.exec(runtime)![1]!.split(/\s+/).map(Number);
const volume = (JSON.parse(/^VOLUME (\[.*\])$/m.exec(runtime)![1]!) as string[])[0]!;
const healthcheckLine = /^HEALTHCHECK ([\s\S]*?)CMD (\[.*\])$/m.exec(runtime)!;
const healthcheckScript = readFileSync(join(ROOT, (JSON.parse(healthcheckLine[2]!) as string[])[1]!), 'utf8');
/** The path the image's health check asks for (the script's fetch URL). */
const healthPath = /:\$\{port\}(\/[^`]+)`/.exec(healthcheckScript)![1]!;
const seconds = (flag: string): number => Number(new RegExp(`--${flag}=(\\d+)s`).exec(healthcheckLine[1]!)![1]);
/** The tag the Dockerfile's own instructions build (`docker build -t NAME .`). */
const imageName = /docker build -t (\S+) \./.exec(dockerfile)![1]!;

/** The runtime user's uid and gid: a user the Dockerfile creates, or the node images' own `node` (1000). */
function runtimeUser(): { uid: number; gid: number } {
  const user = /^USER (\S+)$/m.exec(runtime)![1]!;
  if (/^\d+(:\d+)?$/.test(user)) {
    const [uid, gid = uid] = user.split(':').map(Number);
    return { uid: uid!, gid: gid! };
  }
  const created = new RegExp(`(?:useradd|adduser)\\b[^\\n]*?(?:-u|--uid)\\s+(\\d+)[^\\n]*\\b${user}\\b`).exec(runtime);
  if (created) {
    const gid = /(?:-g|--gid)\s+(\d+)/.exec(created[0]);
    return { uid: Number(created[1]), gid: Number(gid?.[1] ?? created[1]) };
  }
  expect(user, "a user the Dockerfile does not create must be the node image's own").toBe('node');
  expect(/^FROM (\S+)/.exec(runtime)![1]).toMatch(/^node:/);
  return { uid: 1000, gid: 1000 };
}

// ---- the CLI's facts

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

function resolved(argv: string[], env: Record<string, string>): ReturnType<typeof resolveOptions> {
  const args = parseCliArgs(argv, env);
  if (args.help) throw new Error('unexpected --help');
  return resolveOptions(args.options);
}

/** The ports the command listens on: the main port, and one per real host with --port-per-host. */
function listeningPorts(argv: string[]): number[] {
  const options = resolved(argv, {});
  return [options.port, ...(options.portPerHost ? [...surfaceByPort(loadHosts()).keys()] : [])].sort();
}

/** A variable the CLI reads: setting it changes the options it resolves. */
function cliReads(name: string, value: string): boolean {
  return JSON.stringify(parseCliArgs([], { [name]: value })) !== JSON.stringify(parseCliArgs([], {}));
}

/** The container's environment as the sandbox sees it, a Secret's value stood in for. */
function environment(container: Container): Record<string, string> {
  return Object.fromEntries(
    (container.env ?? []).map((v) => [v.name, v.value ?? `value-of-${v.valueFrom?.secretKeyRef?.key ?? 'a-reference'}`]),
  );
}

/** The argv the container hands the image's entry point: its args, the image's ENTRYPOINT kept (no command). */
function argsOf(container: Container): string[] {
  expect(container.command).toBeUndefined();
  return container.args ?? [];
}

// ---- the checks

describe.each(FOLDERS)('deploy/kubernetes/%s', (folder) => {
  const dir = join(DEPLOY, folder);
  const objects = render(dir);
  const deployment = only<Deployment>(objects, 'Deployment');
  const service = only<Service>(objects, 'Service');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0]!;
  const argv = argsOf(container);
  const env = environment(container);
  const options = resolved(argv, env);
  const mainPort = container.ports.find((p) => p.containerPort === options.port);

  it('runs one replica, replaced by stopping the old pod first', () => {
    expect(pod.containers).toHaveLength(1);
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy.type).toBe('Recreate');
  });

  it('runs the image the Dockerfile builds, tagged with the package version', () => {
    expect(container.image).toMatch(new RegExp(`/${imageName}:${pkg.version.replaceAll('.', '\\.')}$`));
  });

  it("runs a command the CLI accepts: on 0.0.0.0, the image's port, file state in the image's volume", () => {
    expect(options.host).toBe('0.0.0.0');
    expect(options.port).toBe(resolved(cmd, {}).port);
    expect(exposed).toContain(options.port);
    expect(options.statePath).not.toBeNull();
    expect(posix.dirname(options.statePath!)).toBe(volume);
    expect(argv).not.toContain('--insecure-admin');
    expect(argv).not.toContain('--admin-token');
  });

  it('keeps the state directory on the PersistentVolumeClaim', () => {
    const claim = only<K8sObject>(objects, 'PersistentVolumeClaim');
    const volumeName = pod.volumes.find((v) => v.persistentVolumeClaim?.claimName === claim.metadata.name)?.name;
    expect(volumeName).toBeDefined();
    expect(container.volumeMounts.find((m) => m.name === volumeName)?.mountPath).toBe(dirname(options.statePath!));
    expect((claim.spec as { accessModes: string[] }).accessModes).toEqual(['ReadWriteOnce']);
  });

  it("runs as the image's user, which owns the volume", () => {
    const { uid, gid } = runtimeUser();
    expect(uid).not.toBe(0);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: uid, runAsGroup: gid, fsGroup: gid });
    expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
  });

  it("gives a read-only root file system a writable temporary directory (Node's compile cache)", () => {
    if (!container.securityContext?.readOnlyRootFilesystem) return;
    const tmp = container.volumeMounts.find((m) => m.mountPath === '/tmp');
    expect(pod.volumes.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
  });

  it('sets only environment variables the CLI reads, the admin token from a Secret', () => {
    for (const [name, value] of Object.entries(env)) expect(cliReads(name, value), `${name} is not read by the CLI`).toBe(true);
    const token = container.env?.find((v) => v.name === 'SANDBOX_ADMIN_TOKEN');
    expect(token?.value).toBeUndefined();
    expect(token?.valueFrom?.secretKeyRef).toMatchObject({ name: expect.any(String), key: expect.any(String) });
    expect(options.adminToken).toBe(env.SANDBOX_ADMIN_TOKEN);
    // Nothing else carries a literal secret.
    for (const v of container.env ?? []) if (/TOKEN|SECRET|KEY/.test(v.name)) expect(v.valueFrom?.secretKeyRef).toBeDefined();
  });

  it("writes the Service's name in the cluster into its answers", () => {
    const port = service.spec.ports.find((p) => p.targetPort === mainPort?.name || p.targetPort === options.port)!;
    expect(options.publicUrl).toBe(`http://${service.metadata.name}.${service.metadata.namespace}.svc.cluster.local:${port.port}`);
  });

  it("probes the path of the image's health check, as often, with no header workaround", () => {
    for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
      expect(probe?.httpGet.path).toBe(healthPath);
      expect([mainPort?.name, options.port]).toContain(probe?.httpGet.port);
      expect(probe?.httpGet.httpHeaders).toBeUndefined();
    }
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(probe?.periodSeconds).toBe(seconds('interval'));
      expect(probe?.timeoutSeconds).toBe(seconds('timeout'));
    }
  });

  it('declares the container ports the command listens on, named after the hosts they serve', () => {
    const ports = container.ports.map((p) => p.containerPort);
    expect([...ports].sort()).toEqual(listeningPorts(argv));
    for (const port of ports) expect(exposed).toContain(port);
    const byPort = surfaceByPort(loadHosts());
    for (const { name, containerPort } of container.ports) {
      const served = byPort.get(containerPort);
      if (served) expect(name).toBe(`${served.env}-${served.surface}`);
    }
  });

  it('exposes each container port on the Service under its own number, targeted by name', () => {
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
    const targets = service.spec.ports.map(({ name, port, targetPort }) => {
      const declared = container.ports.find((p) => p.name === targetPort);
      expect(declared, `targetPort ${targetPort} names a container port`).toBeDefined();
      expect([name, port]).toEqual([declared!.name, declared!.containerPort]);
      return port;
    });
    expect(targets.sort()).toEqual(listeningPorts(argv));
  });

  it('asks for resources and caps them', () => {
    for (const resource of ['cpu', 'memory']) {
      expect(container.resources.requests[resource]).toBeDefined();
      expect(container.resources.limits[resource]).toBeDefined();
    }
  });

  it('lists every manifest file of its folder in its kustomization', () => {
    const k = kustomization(dir);
    const named = [...(k.resources ?? []), ...(k.patches ?? []).map((p) => p.path)];
    const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    for (const file of files) expect(named, `${folder}/${file}`).toContain(file);
    for (const name of named) expect(existsSync(join(dir, name)), `${folder}: ${name}`).toBe(true);
  });
});

describe('deploy/kubernetes/base', () => {
  it('lists every manifest file of its folder in its kustomization', () => {
    const dir = join(DEPLOY, 'base');
    const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...(kustomization(dir).resources ?? [])].sort()).toEqual(files.sort());
  });

  it('the port-per-host folder adds --port-per-host and only ports to the base', () => {
    const base = only<Deployment>(render(DEPLOY), 'Deployment').spec.template.spec.containers[0]!;
    const perHost = only<Deployment>(render(join(DEPLOY, 'port-per-host')), 'Deployment').spec.template.spec.containers[0]!;
    expect(perHost.args).toEqual([...base.args!, '--port-per-host']);
    expect({ ...perHost, args: base.args, ports: base.ports }).toEqual(base);
  });
});

describe("the kubelet's probe against the manifest's sandbox", () => {
  const container = only<Deployment>(render(DEPLOY), 'Deployment').spec.template.spec.containers[0]!;
  const probe = container.readinessProbe!.httpGet;

  it("is answered 200 under the pod's address, where the rest of the admin plane needs the token", async () => {
    const options = resolved(argsOf(container), environment(container));
    // Silent over the manifest's log level.
    const sandbox = await openSandbox({ ...options, statePath: null, logLevel: 'silent' });
    expect((await sandbox.fetch(`http://10.244.0.7:${options.port}${probe.path}`)).status).toBe(200);
    expect((await sandbox.fetch(`http://10.244.0.7:${options.port}/__admin/clock`)).status).toBe(401);
  });

  it('bounds the isolated worlds as docs/kubernetes.md sizes them', () => {
    const options = resolved(argsOf(container), environment(container));
    expect([options.maxSandboxes, options.journalSize, options.sandboxIdleMs]).toEqual([100, 500, 1_800_000]);
  });
});

const kubectl = ((): boolean => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!kubectl)('kubectl kustomize (where kubectl is installed)', () => {
  it.each(FOLDERS)('renders %s as this test does', (folder) => {
    const dir = join(DEPLOY, folder);
    const key = (o: K8sObject): string => `${o.kind}/${o.metadata.name}`;
    const byKey = (list: K8sObject[]): Record<string, K8sObject> => Object.fromEntries(list.map((o) => [key(o), o]));
    const rendered = parseAllDocuments(execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })).map((d) =>
      d.toJS(),
    ) as K8sObject[];
    expect(byKey(rendered)).toEqual(byKey(render(dir)));
  });
});

describe('docs/kubernetes.md names what the manifests name', () => {
  const page = readFileSync(join(ROOT, 'docs/kubernetes.md'), 'utf8');
  const objects = render(DEPLOY);
  const deployment = only<Deployment>(objects, 'Deployment');
  const service = only<Service>(objects, 'Service');
  const namespace = only<K8sObject>(objects, 'Namespace').metadata.name;
  const container = deployment.spec.template.spec.containers[0]!;
  const secret = container.env!.find((v) => v.name === 'SANDBOX_ADMIN_TOKEN')!.valueFrom!.secretKeyRef!;

  it('creates the Secret the Deployment reads, in its namespace, before the first apply', () => {
    const namespaceFile = join(
      DEPLOY,
      'base',
      kustomization(join(DEPLOY, 'base')).resources!.find((r) =>
        documents(join(DEPLOY, 'base', r)).some((d) => (d as K8sObject).kind === 'Namespace'),
      )!,
    );
    const create = `kubectl -n ${namespace} create secret generic ${secret.name} \\\n  --from-literal=${secret.key}=`;
    expect(page).toContain(create);
    expect(page.indexOf(`kubectl apply -f ${namespaceFile.slice(ROOT.length).replace(/^\//, '')}`)).toBeLessThan(page.indexOf(create));
    expect(page).toContain(`jsonpath='{.data.${secret.key}}'`);
  });

  it('names the namespace, the Deployment, the Service and the Secret as the manifests do', () => {
    const commands = [...page.matchAll(/kubectl [^`\n]*/g)].map((m) => m[0]);
    expect(commands.length).toBeGreaterThan(5);
    for (const command of commands) {
      for (const [, ns] of command.matchAll(/-n (\S+)/g)) expect(ns).toBe(namespace);
      for (const [, kind, name] of command.matchAll(/\b(deployment|service|secret generic|secret)[ /]([a-z][a-z0-9-]*)/g)) {
        const expected = { deployment: deployment.metadata.name, service: service.metadata.name }[kind!] ?? secret.name;
        expect(`${kind} ${name}`, command).toBe(`${kind} ${expected}`);
      }
    }
  });

  /** The Service's address in a namespace, as the sandbox must write it into its answers. */
  const address = (ns: string): string => `http://${service.metadata.name}.${ns}.svc.cluster.local:${service.spec.ports[0]!.port}`;

  it("gives the Service's address in the cluster as the sandbox writes it into answers", () => {
    const publicUrl = container.env!.find((v) => v.name === 'SANDBOX_PUBLIC_URL')!.value!;
    expect(publicUrl).toBe(address(namespace));
    expect(page).toContain(publicUrl);
  });

  it('moves the sandbox to another namespace with its address there', () => {
    const example = parseYaml(/^```yaml other-namespace\n([\s\S]*?)^```$/m.exec(page)![1]!) as Kustomization & {
      patches: { target: { kind: string; name: string }; patch: string }[];
    };
    expect(example.resources).toEqual([expect.stringMatching(/\/deploy\/kubernetes\/base$/)]);
    expect(example.namespace).not.toBe(namespace);
    const patch = parseYaml(example.patches[0]!.patch) as Deployment;
    expect(example.patches[0]!.target).toEqual({ kind: 'Deployment', name: deployment.metadata.name });
    expect(patch.spec.template.spec.containers).toEqual([
      { name: container.name, env: [{ name: 'SANDBOX_PUBLIC_URL', value: address(example.namespace!) }] },
    ]);
    // Every in-cluster address the page gives is one of the two.
    for (const [url] of page.matchAll(/http:\/\/[a-z0-9.-]+\.svc\.cluster\.local:\d+/g))
      expect([address(namespace), address(example.namespace!)]).toContain(url);
  });
});
