import { Flags } from '@oclif/core';
import { isRemoteUrl } from '../../source/index.ts';
import { startUiServer, watchRepository } from '../../ui/index.ts';
import { FlotillaCommand } from '../base-command.ts';
import { EXIT } from '../exit-codes.ts';
import { sourceFlags } from '../flags.ts';
import { sourceOptions } from '../source-options.ts';
import { uiExposure, uiSecurityFlags } from '../ui-flags.ts';

export default class Ui extends FlotillaCommand {
  static override summary = 'Serve a read-only web view of the fleet from the repository and its status branch.';
  static override description =
    "Renders the source at --ref as `plan --offline` does and reads the status branch, local or remote, and serves the fleet (clusters and the placement matrix), each template (explain, manifests, status, history), each commit's change, and the controllers' records in a browser. It needs no cluster credentials. The view is re-read when the source ref or the status branch moves (a local repository's refs are watched; a remote is fetched every --interval), and open pages update without a reload. GET and HEAD only; loopback by default; any other address needs --ui-token-file and --ui-tls-cert-file/--ui-tls-key-file. Secret values never reach the browser.";
  static override examples = [
    '<%= config.bin %> ui',
    '<%= config.bin %> ui --repo https://github.com/acme/fleet.git --addr 127.0.0.1:9090',
    '<%= config.bin %> ui --addr 0.0.0.0:8443 --ui-token-file token --ui-tls-cert-file tls.crt --ui-tls-key-file tls.key',
  ];
  static override flags = {
    ...sourceFlags,
    addr: Flags.string({ description: 'HOST:PORT to serve on', default: '127.0.0.1:8080' }),
    interval: Flags.integer({
      description:
        'seconds between checks of the source ref and the status branch (a remote is fetched each time; a local repository is also watched)',
      default: 2,
      min: 1,
    }),
    ...uiSecurityFlags,
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Ui);
    let exposed: Awaited<ReturnType<typeof uiExposure>>;
    try {
      exposed = await uiExposure(flags.addr, flags);
    } catch (error) {
      return this.error((error as Error).message, { exit: EXIT.error });
    }
    const remote = isRemoteUrl(flags.repo);
    const source = await watchRepository(sourceOptions(flags), {
      intervalMs: (flags.interval ?? (remote ? 30 : 2)) * 1000,
      onError: (error) => this.warn(`re-reading the fleet failed; the view shows the last good read: ${String(error)}`),
    });
    const server = await startUiServer(exposed, source);
    this.log(`Serving the fleet view on ${server.url}`);
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        void Promise.all([server.close(), source.close()]).then(() => resolve());
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
  }
}
