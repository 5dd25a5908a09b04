import type { Draft } from 'immer';
import { ApiError, badRequest, notFound } from '../errors';
import { Reply, type OperationContext } from '../route';
import { SETTINGS_BY_ANY_NAME } from '../search/settings/catalogue';
import { applySettings } from '../search/settings/operations';
import { parseSettingsBody } from '../search/settings/parse';
import { requireIndex } from '../search/store';
import { enqueue } from '../tasks';
import { requireTest } from './abtests';
import { abtestingMessages, conflict } from './errors';
import { activeTestOn } from './split';
import { endedAt, statusOf, type AbtestingState, type CapturedSettings, type StoredTest } from './state';
import { readObject } from './validate';

const DAY_MS = 86_400_000;
/**
 * Settings never captured, so applying captured settings never changes them (the official client
 * says so for the last two).
 */
const NOT_CAPTURED = new Set(['replicas', 'primary', 'synonyms', 'enableRules']);

function readVariantID(ctx: OperationContext, test: StoredTest): number {
  const raw = ctx.params.variantId;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || id < 1 || id > test.variants.length)
    throw badRequest(abtestingMessages.noVariant(id, test.variants.length));
  return id;
}

const captured = (settings: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(settings).filter(([name]) => !NOT_CAPTURED.has(name)));

/**
 * POST /3/abtests/{id}/settings/{variantId} — captures the control's settings and the
 * variant's (its index's, or the control's with its search parameters when both use the same
 * index; a variant on another index only with `saveFeaturesSettings: true`), declares it the
 * winner and stops the test. 400 before 80 % of the planned duration, 409 the second time.
 */
export function saveVariantSettings(ctx: OperationContext) {
  const { core } = ctx;
  const test = requireTest(ctx);
  const variantId = readVariantID(ctx, test);
  if (variantId === 1) throw badRequest('variantId must name a variant, not the control (1)');
  const body = readObject(ctx.req.body ?? {}, 'body', ['saveFeaturesSettings']);
  if (body.saveFeaturesSettings !== undefined && typeof body.saveFeaturesSettings !== 'boolean')
    throw badRequest('Invalid `saveFeaturesSettings`: expected a boolean');
  if (test.settings) throw conflict(abtestingMessages.settingsTaken);
  const now = core.now();
  if (now - test.createdAt < 0.8 * (test.endAt - test.createdAt)) throw badRequest(abtestingMessages.tooEarly);
  const control = requireIndex(core.state, test.variants[0].index);
  const variant = test.variants[variantId - 1];
  let variantSettings: Record<string, unknown> | undefined;
  if (variant.index === control.name) {
    variantSettings = { ...captured(control.settings) };
    for (const [name, value] of Object.entries(variant.customSearchParameters ?? {})) {
      const spec = SETTINGS_BY_ANY_NAME.get(name);
      if (spec && !NOT_CAPTURED.has(spec.name)) variantSettings[spec.name] = value;
    }
  } else if (body.saveFeaturesSettings === true) {
    variantSettings = captured(requireIndex(core.state, variant.index).settings);
  }
  const settings: CapturedSettings = {
    variantId,
    capturedAt: now,
    control: captured(control.settings),
    ...(variantSettings ? { variant: variantSettings } : {}),
  };
  core.commit((draft) => {
    const stored = (draft.abtesting as Draft<AbtestingState>).tests.get(test.abTestID)!;
    stored.settings = settings as Draft<CapturedSettings>;
    stored.decision = { winnerVariantId: variantId, declaredAt: now };
    if (statusOf(test, now) === 'active') stored.stoppedAt = now;
    stored.updatedAt = now;
  });
  return new Reply(204, undefined);
}

/** GET /3/abtests/{id}/settings — the control's and the variant's captured settings; 404 before any capture. */
export function getABTestSettings(ctx: OperationContext) {
  const { core } = ctx;
  const test = requireTest(ctx);
  const settings = test.settings;
  if (!settings) throw notFound(abtestingMessages.noSettings);
  const iso = (ms: number) => new Date(ms).toISOString();
  const ended = endedAt(test);
  const control: Record<string, unknown> = {
    variantId: 1,
    applied: settings.revertedAt !== undefined,
    indexSettings: settings.control,
    declaredTimestamp: iso(settings.capturedAt),
  };
  if (settings.revertedAt !== undefined) control.applyTimestamp = iso(settings.revertedAt);
  const variant: Record<string, unknown> = {
    variantId: settings.variantId,
    applied: settings.appliedAt !== undefined && settings.revertedAt === undefined,
    declaredTimestamp: iso(settings.capturedAt),
  };
  if (settings.variant) variant.indexSettings = settings.variant;
  if (settings.appliedAt !== undefined) variant.applyTimestamp = iso(settings.appliedAt);
  if (settings.revertedAt !== undefined) variant.revertTimestamp = iso(settings.revertedAt);
  if (core.now() > ended + 14 * DAY_MS && settings.appliedAt === undefined)
    variant.expiredTimestamp = iso(ended + 14 * DAY_MS);
  const inUse = activeTestOn(core, test.variants[0].index);
  return {
    abtestSettings: [control, variant],
    controlIndexInUse: inUse !== undefined && inUse.abTestID !== test.abTestID,
  };
}

/**
 * POST /3/abtests/{id}/settings/{variantId}/apply — writes the captured variant's settings on
 * the control index (within 14 days of the test's end, once), or with variant 1 puts the
 * control's captured settings back (within 15 days, after an apply, once). 422 while another
 * active test uses the control index. The write is a settings task of the control index.
 */
export function applyVariantSettings(ctx: OperationContext) {
  const { core } = ctx;
  const test = requireTest(ctx);
  const settings = test.settings;
  if (!settings) throw notFound(abtestingMessages.noSettings);
  const variantId = readVariantID(ctx, test);
  const now = core.now();
  const ended = endedAt(test);
  const revert = variantId === 1;
  if (!revert && variantId !== settings.variantId)
    throw badRequest(`No settings were captured for variant ${variantId}: variant ${settings.variantId} was`);
  if (revert) {
    if (settings.appliedAt === undefined)
      throw badRequest('The captured settings were not applied: there is nothing to revert');
    if (settings.revertedAt !== undefined) throw badRequest('The applied settings were already reverted');
    if (now > ended + 15 * DAY_MS) throw badRequest('Settings can be reverted up to 15 days after the A/B test ends');
  } else {
    if (!settings.variant)
      throw badRequest('The variant uses another index and its settings were captured without saveFeaturesSettings');
    if (settings.revertedAt !== undefined) throw badRequest('Settings that were reverted cannot be applied again');
    if (settings.appliedAt !== undefined) throw badRequest('The captured settings were already applied');
    if (now > ended + 14 * DAY_MS) throw badRequest('Settings can be applied up to 14 days after the A/B test ends');
  }
  const controlName = test.variants[0].index;
  const inUse = activeTestOn(core, controlName);
  if (inUse) throw new ApiError(422, abtestingMessages.controlInUse(controlName));
  const control = requireIndex(core.state, controlName);
  const target = (revert ? settings.control : settings.variant) ?? {};
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(captured(control.settings))) values[name] = null;
  Object.assign(values, target);
  const change = parseSettingsBody(values);
  enqueue(core, controlName, (draft) => applySettings(draft, controlName, change, false, now));
  core.commit((draft) => {
    const stored = (draft.abtesting as Draft<AbtestingState>).tests.get(test.abTestID)!;
    stored.settings = { ...stored.settings!, ...(revert ? { revertedAt: now } : { appliedAt: now }) };
  });
  return new Reply(204, undefined);
}
