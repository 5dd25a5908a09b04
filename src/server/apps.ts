import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator/create';
import { ApiError, badRequest, forbidden, messages } from '../emulator/errors';

/** What an application ID may hold on this server: letters and digits, as the real service's IDs. */
const APP_ID = /^[A-Za-z0-9]+$/;

/** Checks an application ID and admin key as `POST /__emulator/apps` and `--app` take them; 400 when wrong. */
export function checkApp(appId: unknown, apiKey: unknown): { appId: string; adminApiKey?: string } {
  if (typeof appId !== 'string' || !APP_ID.test(appId)) throw badRequest('`appId` is required: letters and digits');
  if (apiKey !== undefined && (typeof apiKey !== 'string' || apiKey === ''))
    throw badRequest('`apiKey` must be a non-empty string');
  return { appId, ...(apiKey === undefined ? {} : { adminApiKey: apiKey }) };
}

/**
 * The applications one server holds, each an emulator of its own (state, clock, keys), chosen
 * by the application ID a request carries. An ID seen for the first time gets an application
 * made from the server's defaults, so parallel E2E workers isolate themselves by ID alone.
 */
export class Apps {
  private readonly byId = new Map<string, Emulator>();

  constructor(
    /** Options every application starts from (its `appId` is set per application). */
    private readonly defaults: EmulatorOptions,
    /** The application a request naming none goes to. */
    readonly defaultAppId: string,
  ) {}

  /** The application with this ID, created from the defaults on first use. */
  get(appId: string): Emulator {
    const known = this.find(appId);
    if (known) return known;
    return this.create({ appId });
  }

  /**
   * The application a request names, created from the defaults on first use only when the
   * request could use it: a valid ID and the admin key every new application gets. Anything
   * else is refused as the service refuses unknown credentials (403), and creates nothing.
   */
  forRequest(appId: string, apiKey: string | undefined): Emulator {
    const known = this.find(appId);
    if (known) return known;
    const adminApiKey = this.defaults.adminApiKey ?? 'admin-api-key';
    if (!APP_ID.test(appId) || apiKey !== adminApiKey)
      throw forbidden(
        `${messages.invalidCredentials}: application ${appId} does not exist on this server, and a request ` +
          `creates it only with a valid ID (letters and digits) and the server's admin API key (--api-key)`,
      );
    return this.create({ appId });
  }

  /** The application with this ID, case-insensitively, as the real service reads IDs. */
  find(appId: string): Emulator | undefined {
    return this.byId.get(appId.toUpperCase());
  }

  /** Declares an application; 409 when it exists already. */
  create(options: EmulatorOptions & { appId: string }): Emulator {
    if (this.find(options.appId)) throw new ApiError(409, `Application ${options.appId} exists already`);
    const emulator = createEmulator({ ...this.defaults, ...options });
    this.byId.set(options.appId.toUpperCase(), emulator);
    return emulator;
  }

  delete(appId: string): boolean {
    return this.byId.delete(appId.toUpperCase());
  }

  list(): Emulator[] {
    return [...this.byId.values()];
  }
}
