import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator/create';
import { ApiError } from '../emulator/errors';

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
