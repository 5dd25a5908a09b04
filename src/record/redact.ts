import { splitSecuredKey } from '../emulator/security/secured';
import { mapStrings } from './paths';

type SecretKind = 'api-key' | 'secured-key';

/** Shorter secrets are replaced where they are a whole string only: inside text they would hit words. */
const MIN_INNER = 8;
/** base64 of a 64-hex HMAC is at least this long: shorter strings are never secured keys. */
const MIN_SECURED = 88;

/**
 * Every key a recorder has seen, for the whole run: the credentials requests carry, the keys
 * answers reveal, secured keys. Recordings and reports write them as numbered placeholders.
 */
export class Secrets {
  private readonly kinds = new Map<string, SecretKind>();

  /** Remembers `value` (a non-empty string) as a key; its kind comes from its shape. */
  add(value: unknown): void {
    if (typeof value !== 'string' || value === '' || value.startsWith('<') || this.kinds.has(value)) return;
    this.kinds.set(value, value.length >= MIN_SECURED && splitSecuredKey(value) ? 'secured-key' : 'api-key');
  }

  kindOf(text: string): SecretKind | undefined {
    let kind = this.kinds.get(text);
    if (kind === undefined && text.length >= MIN_SECURED && splitSecuredKey(text)) {
      this.add(text);
      kind = 'secured-key';
    }
    return kind;
  }

  /** The secrets long enough to be looked for inside longer strings. */
  *inner(): Iterable<[string, SecretKind]> {
    for (const entry of this.kinds) if (entry[0].length >= MIN_INNER) yield entry;
  }
}

/** One test's redaction: each secret becomes `<api-key:N>` / `<secured-key:N>`, numbered in order of appearance. */
export class Redactor {
  private readonly names = new Map<string, string>();
  private readonly counts: Record<SecretKind, number> = { 'api-key': 0, 'secured-key': 0 };

  constructor(readonly secrets: Secrets) {}

  text(text: string): string {
    const kind = this.secrets.kindOf(text);
    if (kind !== undefined) return this.name(text, kind);
    let out = text;
    for (const [secret, secretKind] of this.secrets.inner())
      if (out.includes(secret)) out = out.split(secret).join(this.name(secret, secretKind));
    return out;
  }

  value<T>(value: T): T {
    return mapStrings(value, (text) => this.text(text)) as T;
  }

  private name(secret: string, kind: SecretKind): string {
    let name = this.names.get(secret);
    if (name === undefined) this.names.set(secret, (name = `<${kind}:${++this.counts[kind]}>`));
    return name;
  }
}
