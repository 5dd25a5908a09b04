import type { Draft } from 'immer';
import type { Core } from '../core';
import { badRequest } from '../errors';
import { assertIndexAllowed } from '../gate';
import type { OperationContext } from '../route';
import type { State } from '../state';
import { enqueue } from '../tasks';
import { abtestingMessages, testNotFound } from './errors';
import { renderV2 } from './render-v2';
import { methodsOf, renderV3 } from './render-v3';
import { statusOf, type AbtestingState, type StoredTest, type StoredVariant } from './state';
import {
  readCount,
  readDateTime,
  readMethods,
  readMetrics,
  readObject,
  readString,
  readTestID,
  readV3Configuration,
  readVariants,
} from './validate';

const V2_FIELDS = ['name', 'variants', 'endAt'];
const V3_FIELDS = ['name', 'hypothesis', 'variants', 'metrics', 'configuration', 'endAt'];

/** The version an A/B testing route belongs to (`/2/abtests...` or `/3/abtests...`). */
const versionOf = (ctx: OperationContext): 2 | 3 => (ctx.route.path.startsWith('/3/') ? 3 : 2);

/**
 * POST /2/abtests and /3/abtests — checks the body, that every variant's index exists and that
 * none is in another active test, then stores the test, active at once until `endAt`. The
 * answer's task is a task of the control index (the v4 client waits for it there).
 */
export function addABTests(ctx: OperationContext) {
  const { core } = ctx;
  const version = versionOf(ctx);
  const body = readObject(ctx.req.body, 'body', version === 2 ? V2_FIELDS : V3_FIELDS);
  const name = readString(body.name, 'name', { required: true, nonEmpty: true })!;
  const variants = readVariants(core, body.variants, { version });
  for (const variant of variants) assertIndexAllowed(ctx.auth, variant.index);
  const endAt = readDateTime(body.endAt, 'endAt');
  if (endAt.at <= core.now()) throw badRequest(abtestingMessages.endInPast);
  const metrics = version === 3 ? readMetrics(body.metrics ?? missing('metrics')) : [];
  const configuration = version === 3 ? readV3Configuration(body.configuration, metrics) : undefined;
  const hypothesis = version === 3 ? (readString(body.hypothesis, 'hypothesis') ?? '') : '';
  assertIndicesFree(core, variants);
  const abTestID = core.state.abtesting.lastID + 1;
  const now = core.now();
  const test: StoredTest = {
    abTestID,
    name,
    hypothesis,
    variants,
    createdAt: now,
    updatedAt: now,
    endAt: endAt.at,
    endAtText: endAt.text,
    createdWith: version,
    metrics,
    ...(configuration ? { configuration } : {}),
    salt: core.random.chars(16),
  };
  core.commit((draft) => {
    const slice = draft.abtesting as Draft<AbtestingState>;
    slice.lastID = abTestID;
    slice.tests.set(abTestID, test as Draft<StoredTest>);
  });
  return answer(core, test);
}

function missing(field: string): never {
  throw badRequest(`Missing \`${field}\``);
}

/** An index may be part of one active A/B test at a time. */
function assertIndicesFree(core: Core, variants: readonly StoredVariant[]): void {
  const now = core.now();
  for (const other of core.state.abtesting.tests.values()) {
    if (statusOf(other, now) !== 'active') continue;
    for (const variant of variants)
      if (other.variants.some((taken) => taken.index === variant.index))
        throw badRequest(abtestingMessages.indexInTest(variant.index, other.abTestID));
  }
}

/** `{ abTestID, index, taskID }`: the task is a task of the control index, published like any write. */
function answer(core: Core, test: StoredTest) {
  const index = test.variants[0].index;
  const taskID = enqueue(core, index, () => {});
  return { abTestID: test.abTestID, index, taskID };
}

/** The test a path names, or 404 `ABTestID not found`; a key restricted to indices must reach each variant's. */
export function requireTest(ctx: OperationContext): StoredTest {
  const test = ctx.core.state.abtesting.tests.get(readTestID(ctx.params.id));
  if (!test) throw testNotFound();
  for (const variant of test.variants) assertIndexAllowed(ctx.auth, variant.index);
  return test;
}

/** GET /2/abtests/{id} and /3/abtests/{id} — the test with its results so far. */
export function getABTest(ctx: OperationContext) {
  const test = requireTest(ctx);
  return versionOf(ctx) === 2
    ? renderV2(ctx.core, test)
    : renderV3(ctx.core, test, methodsOf(test, readMethods(ctx.req.query.methods)));
}

/**
 * GET /2/abtests and /3/abtests — active tests first, then by creation date (newest first,
 * or `direction=asc` in v3); `indexPrefix` / `indexSuffix` keep tests with a variant index
 * matching both. `abtests` is null when nothing matches, as the API documents.
 */
export function listABTests(ctx: OperationContext) {
  const { core, req } = ctx;
  const version = versionOf(ctx);
  const offset = readCount(req.query.offset, 'offset', 0);
  const limit = readCount(req.query.limit, 'limit', 10);
  const direction = req.query.direction ?? 'desc';
  if (version === 3 && direction !== 'asc' && direction !== 'desc')
    throw badRequest('Invalid `direction`: expected asc or desc');
  const methods = version === 3 ? readMethods(req.query.methods) : undefined;
  const prefix = req.query.indexPrefix ?? '';
  const suffix = req.query.indexSuffix ?? '';
  const now = core.now();
  const matching = [...core.state.abtesting.tests.values()]
    .filter((test) =>
      test.variants.some((variant) => variant.index.startsWith(prefix) && variant.index.endsWith(suffix)),
    )
    .filter((test) => ctx.auth.admin || test.variants.every((variant) => indexReachable(ctx, variant.index)))
    .sort((a, b) => {
      const active = Number(statusOf(b, now) === 'active') - Number(statusOf(a, now) === 'active');
      if (active !== 0) return active;
      const order = a.createdAt - b.createdAt || a.abTestID - b.abTestID;
      return direction === 'asc' ? order : -order;
    });
  const page = matching.slice(offset, offset + limit);
  const abtests = page.map((test) =>
    version === 2 ? renderV2(core, test) : renderV3(core, test, methodsOf(test, methods)),
  );
  return { abtests: abtests.length === 0 ? null : abtests, count: abtests.length, total: matching.length };
}

function indexReachable(ctx: OperationContext, index: string): boolean {
  try {
    assertIndexAllowed(ctx.auth, index);
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /2/abtests/{id}/stop and /3/... — searches stop being split; the results stay. Stopping a
 * stopped test changes nothing.
 */
export function stopABTest(ctx: OperationContext) {
  const { core } = ctx;
  const test = requireTest(ctx);
  if (statusOf(test, core.now()) === 'active') {
    core.commit((draft) => {
      const stored = (draft.abtesting as Draft<AbtestingState>).tests.get(test.abTestID)!;
      stored.stoppedAt = core.now();
      stored.updatedAt = core.now();
    });
  }
  return answer(core, test);
}

/** DELETE /2/abtests/{id} and /3/... — the test and the searches it recorded are gone. */
export function deleteABTest(ctx: OperationContext) {
  const { core } = ctx;
  const test = requireTest(ctx);
  const exposures = core.state.abtesting.exposures.filter((exposure) => exposure.abTestID !== test.abTestID);
  core.commit((draft: Draft<State>) => {
    const slice = draft.abtesting as Draft<AbtestingState>;
    slice.tests.delete(test.abTestID);
    slice.exposures = exposures as Draft<AbtestingState>['exposures'];
  });
  return answer(core, test);
}
