import dns from 'node:dns';
import net from 'node:net';

/**
 * Cuts this process off the network for a test and records every attempt to reach it: DNS
 * lookups (`dns.lookup`, `dns.promises.lookup`) and connections. Each attempt fails at once with
 * an error naming it, so a request that escapes interception is counted instead of reaching the
 * real service.
 *
 * Connections are caught at `net.Socket.prototype.connect`, where every client connection ends:
 * `net.connect` and `tls.connect` call it, so do `http`/`https` agents and the global `fetch`
 * (undici). msw 3 intercepts there too, so the tripwire must sit below msw: install it before
 * `server.listen()`, and msw 3 wraps it. msw 3 then connects each socket it intercepts through it,
 * with a `lookup` of its own that answers a loopback address (the connection never leaves the
 * process); such a connect goes on, with every address its lookup answers checked. Stubbing
 * `tls.connect` or undici's dispatcher instead would cut requests off before msw 3 sees them.
 */
export interface Tripwire {
  /** What tried to reach the network, in order (`dns api.example.com`, `connect example.com:443`, ...). */
  readonly attempts: readonly string[];
  /** Puts the real functions back. */
  restore(): void;
}

type Lookup = (hostname: string, options: object, callback: (error: Error | null, ...rest: unknown[]) => void) => void;

const loopback = (address: string) => /^(?:127\.|::1$|::ffff:127\.)/.test(address);

export function tripNetwork(): Tripwire {
  const attempts: string[] = [];
  const refused = (what: string) => {
    attempts.push(what);
    return Object.assign(new Error(`no network in this test: ${what}`), { code: 'ENETUNREACH' });
  };
  const restores: (() => void)[] = [];
  const swap = <T extends object, K extends keyof T>(target: T, key: K, value: T[K]) => {
    const original = target[key];
    target[key] = value;
    restores.push(() => (target[key] = original));
  };

  const realLookup = dns.lookup;
  swap(dns, 'lookup', ((hostname: string, ...rest: unknown[]) => {
    const callback = rest.at(-1) as (error: Error) => void;
    const error = refused(`dns ${hostname}`);
    process.nextTick(() => callback(error));
  }) as typeof dns.lookup);
  swap(dns.promises, 'lookup', (async (hostname: string) => {
    throw refused(`dns ${hostname}`);
  }) as typeof dns.promises.lookup);

  const realConnect = net.Socket.prototype.connect;
  swap(net.Socket.prototype, 'connect', function (this: net.Socket, ...args: unknown[]) {
    // Node's own callers pass one array of normalized arguments.
    const normalized = Array.isArray(args[0]);
    const [first, second] = (normalized ? args[0] : args) as [unknown, unknown];
    const options = (typeof first === 'object' && first !== null ? first : {}) as Record<string, unknown>;
    const host = String(options.host ?? options.path ?? (typeof second === 'string' ? second : 'localhost'));
    const port = String(options.port ?? (typeof first === 'number' || typeof first === 'string' ? first : ''));
    const lookup = options.lookup as Lookup | undefined;
    if (
      typeof lookup === 'function' &&
      lookup !== realLookup &&
      lookup !== dns.lookup &&
      (!net.isIP(host) || loopback(host))
    ) {
      // msw 3's own connection of a socket it intercepts: go on, as long as every address stays local.
      const checked: Lookup = (hostname, lookupOptions, callback) =>
        lookup(hostname, lookupOptions, (error, address, family) => {
          const addresses = Array.isArray(address)
            ? address.map((entry: { address: string }) => entry.address)
            : [String(address)];
          if (error || addresses.every(loopback)) callback(error, address, family);
          else callback(refused(`connect ${hostname}:${port} (${addresses.join(', ')})`));
        });
      const rest = (normalized ? (args[0] as unknown[]) : args).slice(1);
      return realConnect.apply(this, [{ ...options, lookup: checked }, ...rest] as never);
    }
    const error = refused(`connect ${String(options.servername ?? host)}:${port}`);
    process.nextTick(() => this.destroy(error));
    return this;
  } as typeof net.Socket.prototype.connect);

  return {
    attempts,
    restore() {
      for (const undo of restores.reverse()) undo();
      restores.length = 0;
    },
  };
}
