import type { FastifyRequest } from 'fastify';
import type { StationAddress } from '../core/stations/pairing-codes.js';

/** How devices reach this server, as the daemon knows once it listens (filled in then). */
export interface ServerReach {
  /** It listens on a loopback address only: no other machine can open it. */
  loopbackOnly: boolean;
  /** `http://192.168.1.20:8080`: an address of this machine on the network it listens on. */
  lanUrl: string | null;
}

/** A Host header that is a plain name, IPv4 or bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isLoopbackName(host: string): boolean {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === '[::1]'
  );
}

/**
 * The base of `pair_url` when no `public_url` is set: the address the request came in on, unless
 * that names this machine's loopback (a browser on the server itself), where the network address
 * the server listens on serves a phone better. The Host header is the caller's own word: it only
 * builds this URL, which goes back to that same caller, and only in a checked shape.
 */
export function stationAddressOf(request: FastifyRequest, reach: ServerReach): StationAddress {
  const host = request.headers.host ?? '';
  const asked = HOST.test(host) ? `${request.protocol}://${host.toLowerCase()}` : null;
  const base =
    asked && !isLoopbackName(host) ? asked : (reach.lanUrl ?? asked ?? 'http://localhost');
  return { base, loopbackOnly: reach.loopbackOnly };
}
