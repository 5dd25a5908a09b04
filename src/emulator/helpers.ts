import type { SearchClient } from '@algolia/client-search';
import type { Core } from './core';
import { ApiError } from './errors';
import type { DirectCall, RequestOptions } from './facade';

type Calls = Record<string, DirectCall>;

/**
 * The real client's helpers the emulator offers as direct calls, typed as the client's own
 * (`browseObjects<Hit>`, `saveObjects`, `waitForTask`, ...).
 */
export type Helpers = Pick<
  SearchClient,
  | 'waitForTask'
  | 'waitForAppTask'
  | 'chunkedBatch'
  | 'saveObjects'
  | 'deleteObjects'
  | 'partialUpdateObjects'
  | 'replaceAllObjects'
  | 'indexExists'
  | 'browseObjects'
>;
type Action =
  | 'addObject'
  | 'updateObject'
  | 'partialUpdateObject'
  | 'partialUpdateObjectNoCreate'
  | 'deleteObject'
  | 'delete'
  | 'clear';

/** One page of a browse. */
export interface BrowsePage {
  hits: Record<string, unknown>[];
  cursor?: string;
  [field: string]: unknown;
}

export interface BatchResponse {
  taskID: number;
  objectIDs: string[];
}

/**
 * The real client's helpers (`saveObjects`, `replaceAllObjects`, `waitForTask`, ...) as
 * direct calls, with the same names and parameter shapes, composed from the direct calls.
 * They never advance the fake clock: with `indexingDelay`, advance it yourself.
 */
export function buildHelpers(core: Core, calls: Calls): Helpers {
  /**
   * Resolves with the task status once published. It never waits: a pending task means the
   * fake clock has not reached its publication time, so it throws and says so.
   */
  async function waitForTask(
    { indexName, taskID }: { indexName: string; taskID: number; maxRetries?: number },
    requestOptions?: RequestOptions,
  ) {
    const response = (await calls.getTask({ indexName, taskID }, requestOptions)) as { status: string };
    if (response.status === 'published') return response;
    const due = core.state.tasks.pending.find((task) => task.taskID === taskID);
    const wait = due ? due.publishAt - core.now() : core.options.indexingDelay;
    throw new Error(
      `Task ${taskID} on index "${indexName}" is not published yet: the emulator publishes writes ${core.options.indexingDelay} ms ` +
        `after accepting them on its fake clock. Call emulator.clock.advance(${wait}) before waiting for it, ` +
        'or create the emulator with `advanceOnTaskPoll: true` to have polls move the clock.',
    );
  }

  /** Same as {@link waitForTask} for application-level tasks. */
  async function waitForAppTask({ taskID }: { taskID: number; maxRetries?: number }, requestOptions?: RequestOptions) {
    const response = (await calls.getAppTask({ taskID }, requestOptions)) as { status: string };
    if (response.status === 'published') return response;
    throw new Error(
      `Task ${taskID} is not published yet: advance the emulator's fake clock (emulator.clock.advance) first, ` +
        'or create the emulator with `advanceOnTaskPoll: true`.',
    );
  }

  async function chunkedBatch(
    {
      indexName,
      objects,
      action = 'addObject',
      waitForTasks = false,
      batchSize = 1000,
    }: {
      indexName: string;
      objects: readonly object[];
      action?: Action;
      waitForTasks?: boolean;
      batchSize?: number;
      maxRetries?: number;
    },
    requestOptions?: RequestOptions,
  ): Promise<BatchResponse[]> {
    const responses: BatchResponse[] = [];
    for (let start = 0; start < objects.length; start += batchSize) {
      const requests = objects.slice(start, start + batchSize).map((body) => ({ action, body }));
      responses.push(
        (await calls.batch({ indexName, batchWriteParams: { requests } }, requestOptions)) as BatchResponse,
      );
    }
    if (waitForTasks)
      for (const response of responses) await waitForTask({ indexName, taskID: response.taskID }, requestOptions);
    return responses;
  }

  type ObjectsParams = {
    indexName: string;
    objects: readonly object[];
    waitForTasks?: boolean;
    batchSize?: number;
    maxRetries?: number;
  };

  const saveObjects = (params: ObjectsParams, requestOptions?: RequestOptions) =>
    chunkedBatch({ ...params, action: 'addObject' }, requestOptions);

  const deleteObjects = (
    { objectIDs, ...params }: Omit<ObjectsParams, 'objects'> & { objectIDs: string[] },
    requestOptions?: RequestOptions,
  ) =>
    chunkedBatch(
      { ...params, objects: objectIDs.map((objectID) => ({ objectID })), action: 'deleteObject' },
      requestOptions,
    );

  const partialUpdateObjects = (
    { createIfNotExists, ...params }: ObjectsParams & { createIfNotExists?: boolean },
    requestOptions?: RequestOptions,
  ) =>
    chunkedBatch(
      { ...params, action: createIfNotExists ? 'partialUpdateObject' : 'partialUpdateObjectNoCreate' },
      requestOptions,
    );

  /**
   * Like the client: copy the scopes to a temporary index, batch the records into it, copy
   * the scopes again, then move it over the index. The temporary name's suffix comes from the
   * seeded generator (the client uses Math.random).
   */
  async function replaceAllObjects(
    {
      indexName,
      objects,
      batchSize,
      scopes = ['settings', 'rules', 'synonyms'],
    }: ObjectsParams & { scopes?: string[] },
    requestOptions?: RequestOptions,
  ) {
    const tmpIndexName = `${indexName}_tmp_${core.random.int(100_000, 1_099_999)}`;
    const copy = () =>
      calls.operationIndex(
        { indexName, operationIndexParams: { operation: 'copy', destination: tmpIndexName, scope: scopes } },
        requestOptions,
      ) as Promise<{
        taskID: number;
        updatedAt: string;
      }>;
    try {
      let copyOperationResponse = await copy();
      const batchResponses = await chunkedBatch(
        { indexName: tmpIndexName, objects, waitForTasks: true, batchSize },
        requestOptions,
      );
      await waitForTask({ indexName: tmpIndexName, taskID: copyOperationResponse.taskID }, requestOptions);
      copyOperationResponse = await copy();
      await waitForTask({ indexName: tmpIndexName, taskID: copyOperationResponse.taskID }, requestOptions);
      const moveOperationResponse = (await calls.operationIndex(
        { indexName: tmpIndexName, operationIndexParams: { operation: 'move', destination: indexName } },
        requestOptions,
      )) as { taskID: number; updatedAt: string };
      await waitForTask({ indexName: tmpIndexName, taskID: moveOperationResponse.taskID }, requestOptions);
      return { copyOperationResponse, batchResponses, moveOperationResponse };
    } catch (error) {
      await calls.deleteIndex({ indexName: tmpIndexName }, requestOptions);
      throw error;
    }
  }

  /** Whether the index exists: asks for its settings, as the client does. */
  async function indexExists({ indexName }: { indexName: string }, requestOptions?: RequestOptions): Promise<boolean> {
    try {
      await calls.getSettings({ indexName }, requestOptions);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  }

  /**
   * Walks the index with the browse cursor as the client's helper does (pages of 1,000 unless
   * `browseParams` says otherwise), handing each page to `aggregator` until `validate` accepts
   * one (by default: the page without a cursor); resolves with that page.
   */
  async function browseObjects(
    {
      indexName,
      browseParams = {},
      aggregator,
      validate = (page: BrowsePage) => page.cursor === undefined,
    }: {
      indexName: string;
      browseParams?: object;
      aggregator?: (page: BrowsePage) => unknown;
      validate?: (page: BrowsePage) => boolean;
    },
    requestOptions?: RequestOptions,
  ): Promise<BrowsePage> {
    let page: BrowsePage | undefined;
    do {
      const params = { cursor: page?.cursor, hitsPerPage: 1000, ...browseParams };
      page = (await calls.browse({ indexName, browseParams: params }, requestOptions)) as BrowsePage;
      aggregator?.(page);
    } while (!validate(page));
    return page;
  }

  const helpers = {
    waitForTask,
    waitForAppTask,
    chunkedBatch,
    saveObjects,
    deleteObjects,
    partialUpdateObjects,
    replaceAllObjects,
    indexExists,
    browseObjects,
  };
  // The implementations take the client's parameters; their answers are the wire's JSON, which the client's types describe.
  return helpers as unknown as Helpers;
}
