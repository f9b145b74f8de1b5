/** Process entry for `npm start` and the bin: runs the CLI and exits with its code. */
import { main } from './cli.js';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`checkout-sandbox: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
