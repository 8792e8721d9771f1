// `npm run clusters:up|down` and `node scripts/fleet/clusters.ts status`.
import { kubeconfigPath } from './config.ts';
import { fleetDown, fleetStatus, fleetUp } from './fleet.ts';

const log = (message: string): void => console.log(`[fleet] ${message}`);

async function main(command: string | undefined): Promise<number> {
  switch (command) {
    case 'up':
      await fleetUp(log);
      return 0;
    case 'down':
      await fleetDown(log);
      return 0;
    case 'status': {
      const statuses = await fleetStatus();
      for (const member of statuses) {
        const state = member.ready ? 'ready' : member.processes > 0 ? 'not answering' : 'down';
        console.log(`${member.name}\t${state}\t${member.server}\t${member.processes} processes`);
      }
      console.log(`kubeconfig: ${kubeconfigPath}`);
      return statuses.every((member) => member.ready) ? 0 : 1;
    }
    default:
      console.error('usage: node scripts/fleet/clusters.ts up|down|status');
      return 2;
  }
}

try {
  process.exitCode = await main(process.argv[2]);
} catch (error) {
  console.error(`[fleet] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
