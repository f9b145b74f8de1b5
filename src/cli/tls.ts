/**
 * `checkout-sandbox tls` writes a local CA and a certificate per real host name;
 * `checkout-sandbox hosts` prints the /etc/hosts lines that send those names to the sandbox.
 * Together with `--tls` they let a client with hard-wired https:// base URLs run unchanged.
 */
import { basename, resolve } from 'node:path';
import { parseFlags } from './args.js';
import { type Command, type Flag, HELP_FLAG, PROGRAM, type Subcommand, commandHelp } from './command.js';
import { isIP } from 'node:net';
import { emulatedHostNames, loadHosts } from '../hosts.js';
import { DEFAULT_TLS_DIR, generateTlsMaterial } from '../tls/certificates.js';

const TLS_COMMAND = {
  name: 'tls',
  summary: 'a local CA and certificates for the real host names',
  about:
    'Creates (once) a local certificate authority and a certificate for every real host name in\n' +
    'fixtures/hosts.yaml, in --dir. Existing files are kept; delete the directory to start over.',
  epilogue: `Then: ${PROGRAM} --tls   (HTTPS on 443, or 4443 where 443 may not be bound; --tls-port to choose)`,
  flags: {
    dir: {
      type: 'string',
      default: DEFAULT_TLS_DIR,
      value: 'DIR',
      synopsis: 'optional',
      help: `where the files go (default ${DEFAULT_TLS_DIR})`,
    },
    help: HELP_FLAG,
  },
} as const satisfies Command<Record<string, Flag>>;

const HOSTS_COMMAND = {
  name: 'hosts',
  summary: 'the /etc/hosts lines for the real host names',
  about: "Prints the /etc/hosts lines that point every real host name at the sandbox's address.",
  flags: {
    address: {
      type: 'string',
      default: '127.0.0.1',
      value: 'IP',
      synopsis: 'optional',
      help: "the sandbox's address as the client sees it (default 127.0.0.1)",
    },
    help: HELP_FLAG,
  },
} as const satisfies Command<Record<string, Flag>>;

const TLS_USAGE = commandHelp(TLS_COMMAND);
const HOSTS_USAGE = commandHelp(HOSTS_COMMAND);

export const TLS: Subcommand = { command: TLS_COMMAND, run: runTls };
export const HOSTS: Subcommand = { command: HOSTS_COMMAND, run: runHosts };

function runTls(argv: string[]): number {
  let values;
  try {
    ({ values } = parseFlags(argv, TLS_COMMAND));
  } catch (error) {
    process.stderr.write(`tls: ${(error as Error).message}\n\n${TLS_USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(TLS_USAGE);
    return 0;
  }
  const dir = resolve(values.dir);
  const hosts = loadHosts();
  const hostCount = emulatedHostNames(hosts).length;
  const { created } = generateTlsMaterial(dir, hosts);
  const ca = resolve(dir, 'ca.crt');
  process.stdout.write(
    [
      created.length
        ? `created ${created.length} files in ${dir}: ${createdSummary(created, hostCount)}`
        : `nothing to do: ${dir} already holds the CA and every host certificate`,
      '',
      `Trust the CA (${ca}) where the client runs, for example:`,
      `  Node:           NODE_EXTRA_CA_CERTS=${ca} node your-client.js`,
      `  curl:           curl --cacert ${ca} https://api.uat.walleydev.com/...`,
      `  PHP (cURL):     curl.cainfo=${ca} in php.ini, or CURLOPT_CAINFO`,
      `  Debian/Ubuntu:  sudo cp ${ca} /usr/local/share/ca-certificates/checkout-sandbox.crt && sudo update-ca-certificates`,
      `  macOS:          sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ${ca}`,
      '',
      `Then start with --tls and point the names at the sandbox: ${PROGRAM} hosts (its lines go into /etc/hosts).`,
      '',
    ].join('\n'),
  );
  return 0;
}

/** What the files written are: the CA's pair when it was made, and a certificate and key per host name. */
function createdSummary(created: string[], hostCount: number): string {
  const withCa = created.some((file) => basename(file) === 'ca.crt');
  const hosts = created.filter((file) => file.endsWith('.crt') && basename(file) !== 'ca.crt').length;
  const which = hosts === hostCount ? `each of the ${hostCount} real host names` : `${hosts} of the ${hostCount} real host names`;
  return [withCa ? 'the CA (ca.crt, ca.key)' : null, hosts ? `a certificate and key for ${which}` : null]
    .filter((part) => part !== null)
    .join(' and ');
}

function runHosts(argv: string[]): number {
  let values;
  try {
    ({ values } = parseFlags(argv, HOSTS_COMMAND));
  } catch (error) {
    process.stderr.write(`hosts: ${(error as Error).message}\n\n${HOSTS_USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(HOSTS_USAGE);
    return 0;
  }
  if (isIP(values.address) === 0) {
    process.stderr.write(`hosts: --address: '${values.address}' is not an IP address; /etc/hosts needs one, e.g. --address 127.0.0.1\n`);
    return 2;
  }
  const lines = emulatedHostNames(loadHosts()).map((name) => `${values.address} ${name}`);
  process.stdout.write(
    ['# checkout-sandbox: the real host names, served by the sandbox (remove to reach the real service)', ...lines, ''].join('\n'),
  );
  return 0;
}
