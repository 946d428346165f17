import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { ServerReach } from '../api/station-address.js';

/** Whether `--host` is a loopback address: then only this machine can open the server. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

const ANY = new Set(['0.0.0.0', '::', '']);

/**
 * How devices on the network reach a server listening on `host`:`port`. On every interface
 * (`0.0.0.0`, `::`), the first IPv4 address of this machine that is not loopback stands for it.
 */
export function reachOf(
  host: string,
  port: number,
  protocol: 'http' | 'https',
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): ServerReach {
  if (isLoopbackHost(host)) return { loopbackOnly: true, lanUrl: null };
  let address: string | undefined = host;
  if (ANY.has(host)) {
    address = Object.values(interfaces)
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  }
  if (!address) return { loopbackOnly: false, lanUrl: null };
  const shown = address.includes(':') ? `[${address}]` : address;
  return { loopbackOnly: false, lanUrl: `${protocol}://${shown}:${port}` };
}

/**
 * The lines `factoryd serve` prints once it listens: the address a station opens, or why no
 * tablet can open it yet and what changes that.
 */
export function stationPageLines(
  reach: ServerReach,
  localUrl: string,
  publicUrl: string | null,
): string {
  if (publicUrl) return `factoryd: station page: ${publicUrl}/station (the setting public_url)\n`;
  if (reach.lanUrl) return `factoryd: station page: ${reach.lanUrl}/station\n`;
  if (reach.loopbackOnly) {
    return (
      `factoryd: station page: ${localUrl}/station (this machine only: factoryd listens on loopback)\n` +
      'factoryd: for tablets and phones on the network, start with --host 0.0.0.0 ' +
      '(npm start -- --host 0.0.0.0); behind a reverse proxy, set its address: ' +
      'factory settings set public_url=https://factory.example.com\n'
    );
  }
  return `factoryd: station page: ${localUrl}/station\n`;
}
